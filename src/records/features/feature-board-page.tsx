// The feature board: the kit's status board (src/ui/status-board.tsx) over the Feature statuses of
// the workspace, narrowed by release; a card shows the feature's name, assignee and estimate.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { accountQueries, statusesFor } from '../../api/account';
import { FEATURE_BOARD_FIELDS, featureQueries, useMoveFeatureStatus, type FeatureScope } from '../../api/features';
import type { FeatureListItem } from '../../contract/features';
import { ButtonLink } from '../../ui/button';
import { PageHeader, screenTitle, useWorkspaceName } from '../../ui/page-header';
import { paths } from '../../ui/paths';
import { BoardCardBody, BoardGate, StatusBoard } from '../../ui/status-board';
import { releaseChoicesQuery } from './feature-form-choices';

/** The service's largest page; a bigger workspace is narrowed with the release filter. */
const BOARD_LIMIT = 200;

const featureName = (f: FeatureListItem): string => f.name ?? `Feature ${f.id}`;

export function FeatureBoardPage() {
  const { productId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const release = params.get('release') ?? '';
  const scope: FeatureScope = release ? { release } : { product: productId };

  const features = useQuery(featureQueries.list(scope, { fields: FEATURE_BOARD_FIELDS, perPage: BOARD_LIMIT }));
  const workflows = useQuery(accountQueries.workflows(productId));
  const releases = useQuery(releaseChoicesQuery(productId));
  // `?release=` may carry a key (PLN-R-1) as well as an id; the select speaks ids.
  const releaseValue = releases.data?.releases.find((r) => r.id === release || r.reference_num === release)?.id ?? release;
  const move = useMoveFeatureStatus();
  const releaseSelectId = useId();
  const workspaceName = useWorkspaceName(productId);

  const statuses = statusesFor(workflows.data, 'Feature');
  const cards = features.data?.features ?? [];

  const total = features.data?.pagination.total_records ?? 0;

  return (
    <div className="stack">
      <title>{screenTitle('Board', workspaceName)}</title>
      <PageHeader
        title="Board"
        actions={
          <ButtonLink to={paths.newFeature(productId, { release: release || undefined })} variant="primary">
            New feature
          </ButtonLink>
        }
      />

      <div className="card board-toolbar">
        <div className="field">
          <label className="field__label" htmlFor={releaseSelectId}>
            Release
          </label>
          <select
            id={releaseSelectId}
            className="input select"
            value={releaseValue}
            onChange={(e) => setParams(e.target.value ? { release: e.target.value } : {}, { replace: true })}
          >
            <option value="">All releases</option>
            {(releases.data?.releases ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {[r.reference_num, r.name].filter(Boolean).join(' ')}
              </option>
            ))}
          </select>
        </div>
        <p className="muted board-toolbar__hint">Drag a card to another column, or use its “Move” button, to change its status.</p>
      </div>

      <BoardGate queries={[features, workflows]} statuses={statuses} kind="Feature">
        <>
          {total > cards.length ? (
            <p className="notice">
              Showing {cards.length} of {total} features. Choose a release to see all of its features.
            </p>
          ) : null}
          {cards.length === 0 ? (
            <p className="muted">
              No features {release ? 'in this release' : 'in this workspace'} yet — the columns below are ready for them.
            </p>
          ) : null}
          <StatusBoard
            noun={{ one: 'feature', many: 'features' }}
            statuses={statuses}
            items={cards}
            nameOf={featureName}
            move={move}
            renderCard={(f) => (
              <BoardCardBody
                to={paths.feature(f.reference_num ?? f.id)}
                name={featureName(f)}
                person={f.assigned_to_user}
                fact={f.initial_estimate_text ? <span className="tag">{f.initial_estimate_text}</span> : null}
              />
            )}
          />
        </>
      </BoardGate>
    </div>
  );
}
