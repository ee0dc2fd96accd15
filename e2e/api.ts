// A small typed client of the planning API for the end-to-end specs: it creates the records a story
// starts from (releases, features, requirements, epics, initiatives, goals) and reads the numbers the
// service computed, so a spec can compare the screen with the service. Answers are checked with zod.
import { expect, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { E2E_TOKEN } from './env';

const id = z.union([z.string(), z.number()]).transform(String);
const ref = z.object({ id, name: z.string(), reference_num: z.string() });

const productSchema = z.object({ id, name: z.string(), reference_prefix: z.string() });
const releaseSchema = ref.extend({ progress: z.number().nullable() });
const featureSchema = ref.extend({
  progress: z.number().nullable(),
  progress_source: z.string(),
  epic: ref.nullable(),
  initiative: ref.nullable(),
});
const requirementSchema = ref;
const ideaSchema = ref.extend({ votes: z.number(), initial_votes: z.number() });
const epicSchema = ref.extend({ progress: z.number().nullable(), initiative: ref.nullable() });
const initiativeSchema = ref.extend({ progress: z.number().nullable(), parent_id: id.nullable() });
const goalSchema = ref.extend({ progress: z.number().nullable(), initiatives: z.array(ref) });

export type Product = z.infer<typeof productSchema>;
export type Release = z.infer<typeof releaseSchema>;
export type Feature = z.infer<typeof featureSchema>;
export type Requirement = z.infer<typeof requirementSchema>;
export type Epic = z.infer<typeof epicSchema>;
export type Initiative = z.infer<typeof initiativeSchema>;
export type Goal = z.infer<typeof goalSchema>;

/** A status by name, as the API takes it. */
export interface StatusInput {
  name: string;
}

export interface ReleaseInput {
  name: string;
  start_date?: string;
  release_date?: string;
  progress_source?: string;
}

export interface FeatureInput {
  name: string;
  workflow_status?: StatusInput;
  start_date?: string | null;
  due_date?: string | null;
  progress_source?: string;
  progress?: number | null;
  /** Id, key or name of an epic of the product. */
  epic?: string | null;
  /** Id, key or name of an initiative of the product. */
  initiative?: string | null;
  /** HTML. */
  description?: string;
}

export interface RequirementInput {
  name: string;
  workflow_status?: StatusInput;
}

export interface EpicInput {
  name: string;
  workflow_status?: StatusInput;
  progress_source?: string;
  progress?: number | null;
  duration_source?: string;
  start_date?: string | null;
  due_date?: string | null;
  initiative?: string | null;
}

export interface InitiativeInput {
  name: string;
  workflow_status: StatusInput;
  parent_id?: string | null;
  progress_source?: string;
  progress?: number | null;
  duration_source?: string;
  start_date?: string | null;
  end_date?: string | null;
  /** Ids or keys of the product's goals (replaces the set). */
  goals?: string[];
}

export interface GoalInput {
  name: string;
  progress_source?: string;
  progress?: number | null;
  /** Ids or keys of the product's initiatives. */
  initiatives?: string[];
}

export interface IdeaInput {
  name: string;
  /** Any email (required by operation 10). */
  created_by: string;
  description?: string;
  initial_votes?: number;
}
export type Idea = z.infer<typeof ideaSchema>;

type Method = 'GET' | 'POST' | 'PUT';

/** A layout's sections as the service answers and takes them. */
export type LayoutSections = {
  name: string;
  column: string;
  fields: { field: string; on_form: boolean; on_detail: boolean; required: boolean }[];
}[];
const layoutSchema = z.object({
  id,
  name: z.string(),
  default: z.boolean(),
  sections: z.array(
    z.object({
      name: z.string(),
      column: z.string(),
      fields: z.array(z.object({ field: z.string(), on_form: z.boolean(), on_detail: z.boolean(), required: z.boolean() })),
    }),
  ),
});
export type StoredLayout = z.infer<typeof layoutSchema>;

/** A layout of one kind for some workspaces (`POST /screen_definitions`): its sections of fields. */
export interface LayoutInput {
  name: string;
  screenable_type: string;
  /** Workspaces (ids or prefixes) given this layout for its kind. */
  product_ids: string[];
  sections: {
    name: string;
    column?: 'main' | 'side';
    fields: { field: string; required?: boolean; on_form?: boolean; on_detail?: boolean }[];
  }[];
}

export class PlannerApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string = E2E_TOKEN,
  ) {}

  /** One call; anything but 200 fails the test with the service's answer in the message. */
  private async call<S extends z.ZodType>(schema: S, method: Method, path: string, data?: unknown): Promise<z.infer<S>> {
    const res = await this.request.fetch(`/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}` },
      ...(data === undefined ? {} : { data }),
    });
    const text = await res.text();
    expect(res.status(), `${method} ${path}: ${text}`).toBe(200);
    return schema.parse(JSON.parse(text));
  }

  /** A workspace of a story's own (`prefix`: 2–10 upper-case letters or digits, a letter first). */
  async createProduct(product: { name: string; prefix: string }): Promise<Product> {
    return (await this.call(z.object({ product: productSchema }), 'POST', '/products', { product })).product;
  }

  /** To the recycle bin, with everything in it. */
  async deleteProduct(productId: string): Promise<void> {
    const res = await this.request.fetch(`/api/v1/products/${productId}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${this.token}` },
    });
    expect(res.status(), `DELETE /products/${productId}: ${await res.text()}`).toBe(204);
  }

  async product(idOrPrefix: string): Promise<Product> {
    return (await this.call(z.object({ product: productSchema }), 'GET', `/products/${idOrPrefix}`)).product;
  }

  async createRelease(productId: string, release: ReleaseInput): Promise<Release> {
    const body = { release };
    return (await this.call(z.object({ release: releaseSchema }), 'POST', `/products/${productId}/releases`, body)).release;
  }

  async createFeature(releaseId: string, feature: FeatureInput): Promise<Feature> {
    const body = { feature };
    return (await this.call(z.object({ feature: featureSchema }), 'POST', `/releases/${releaseId}/features`, body)).feature;
  }

  async updateFeature(featureId: string, feature: Partial<FeatureInput>): Promise<Feature> {
    const body = { feature };
    return (await this.call(z.object({ feature: featureSchema }), 'PUT', `/features/${featureId}`, body)).feature;
  }

  async feature(featureId: string): Promise<Feature> {
    return (await this.call(z.object({ feature: featureSchema }), 'GET', `/features/${featureId}`)).feature;
  }

  /** A comment (or, with `parentId`, a reply) on a record: `kind` as paths name it (`features` …). */
  async createComment(kind: string, recordId: string, body: string, parentId?: string): Promise<{ id: string; body: string }> {
    const comment = { body, ...(parentId ? { parent_comment_id: parentId } : {}) };
    const answer = await this.call(z.object({ comment: z.object({ id, body: z.string() }) }), 'POST', `/${kind}/${recordId}/comments`, {
      comment,
    });
    return answer.comment;
  }

  /** A comment write expected to be refused: the status and the service's field errors. */
  async refusedComment(
    kind: string,
    recordId: string,
    comment: { body: string; parent_comment_id?: string },
  ): Promise<{ status: number; errors: Record<string, string[]> }> {
    const res = await this.request.post(`/api/v1/${kind}/${recordId}/comments`, {
      headers: { Authorization: `Bearer ${this.token}` },
      data: { comment },
    });
    const answer = z.object({ errors: z.record(z.string(), z.array(z.string())).default({}) }).parse(await res.json());
    return { status: res.status(), errors: answer.errors };
  }

  async createRequirement(featureId: string, requirement: RequirementInput): Promise<Requirement> {
    const body = { requirement };
    const answer = await this.call(z.object({ requirement: requirementSchema }), 'POST', `/features/${featureId}/requirements`, body);
    return answer.requirement;
  }

  async createEpic(releaseId: string, epic: EpicInput): Promise<Epic> {
    const body = { epic };
    return (await this.call(z.object({ epic: epicSchema }), 'POST', `/releases/${releaseId}/epics`, body)).epic;
  }

  async epic(epicId: string): Promise<Epic> {
    return (await this.call(z.object({ epic: epicSchema }), 'GET', `/epics/${epicId}`)).epic;
  }

  async createInitiative(productId: string, initiative: InitiativeInput): Promise<Initiative> {
    const body = { initiative };
    const answer = await this.call(z.object({ initiative: initiativeSchema }), 'POST', `/products/${productId}/initiatives`, body);
    return answer.initiative;
  }

  async initiative(initiativeId: string): Promise<Initiative> {
    return (await this.call(z.object({ initiative: initiativeSchema }), 'GET', `/initiatives/${initiativeId}`)).initiative;
  }

  async createGoal(productId: string, goal: GoalInput): Promise<Goal> {
    const body = { goal };
    return (await this.call(z.object({ goal: goalSchema }), 'POST', `/products/${productId}/goals`, body)).goal;
  }

  async goal(goalId: string): Promise<Goal> {
    return (await this.call(z.object({ goal: goalSchema }), 'GET', `/goals/${goalId}`)).goal;
  }

  /** A note (a "page") in a workspace; `parent_id` puts it under another note. */
  async createNote(
    productId: string,
    page: { name?: string; description_attributes?: { body: string }; parent_id?: string | null },
  ): Promise<{ id: string; name: string | null; reference_num: string; parent_id: string | null }> {
    const note = z.object({ id, name: z.string().nullable(), reference_num: z.string(), parent_id: id.nullable() });
    return (await this.call(z.object({ page: note }), 'POST', `/products/${productId}/pages`, { page })).page;
  }

  /** A note as the service holds it: its body and place. */
  async note(noteId: string): Promise<{ id: string; name: string | null; parent_id: string | null; position: number; body: string }> {
    const schema = z.object({
      page: z.object({
        id,
        name: z.string().nullable(),
        parent_id: id.nullable(),
        position: z.number(),
        description: z.object({ body: z.string() }).nullable(),
      }),
    });
    const { page } = await this.call(schema, 'GET', `/pages/${noteId}`);
    return { id: page.id, name: page.name, parent_id: page.parent_id, position: page.position, body: page.description?.body ?? '' };
  }

  /** A layout assigned to workspaces; `deleteLayout` gives them back the account's default. */
  async createLayout(layout: LayoutInput): Promise<{ id: string }> {
    const created = z.object({ screen_definition: z.object({ id: z.union([z.string(), z.number()]).transform(String) }) });
    return (await this.call(created, 'POST', '/screen_definitions', { screen_definition: layout })).screen_definition;
  }

  /** The account's default layout of a kind (`Feature`, `Page` …). */
  async defaultLayout(screenableType: string): Promise<StoredLayout> {
    const page = z.object({ screen_definitions: z.array(layoutSchema) });
    const { screen_definitions: all } = await this.call(page, 'GET', `/screen_definitions?screenable_type=${screenableType}&per_page=50`);
    const found = all.find((d) => d.default);
    if (!found) throw new Error(`no default ${screenableType} layout`);
    return found;
  }

  /** Replaces a layout's sections (its workspaces stay). */
  async updateLayout(layoutId: string, sections: LayoutSections): Promise<void> {
    await this.call(z.object({ screen_definition: z.object({ id }) }), 'PUT', `/screen_definitions/${layoutId}`, {
      screen_definition: { sections },
    });
  }

  async deleteLayout(layoutId: string): Promise<void> {
    const res = await this.request.fetch(`/api/v1/screen_definitions/${layoutId}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${this.token}` },
    });
    expect(res.status(), `DELETE /screen_definitions/${layoutId}: ${await res.text()}`).toBe(204);
  }

  async createIdea(productId: string, idea: IdeaInput): Promise<Idea> {
    return (await this.call(z.object({ idea: ideaSchema }), 'POST', `/products/${productId}/ideas`, { idea })).idea;
  }

  /** A proxy vote for `email` on an idea (id or key). */
  async addVote(ideaId: string, vote: { email: string; value?: number }): Promise<{ id: string }> {
    return (
      await this.call(z.object({ idea_endorsement: z.object({ id }) }), 'POST', `/ideas/${ideaId}/endorsements`, { idea_endorsement: vote })
    ).idea_endorsement;
  }

  /** Uploads a file to a record's description (`features`, `epics` …) as the multipart part `attachment[data]`. */
  async attachFile(
    collection: string,
    recordId: string,
    file: { name: string; mimeType: string; buffer: Buffer },
  ): Promise<{ id: string; download_url: string }> {
    const res = await this.request.post(`/api/v1/${collection}/${recordId}/attachments`, {
      headers: { Authorization: `Bearer ${this.token}` },
      multipart: { 'attachment[data]': file },
    });
    const text = await res.text();
    expect(res.status(), `POST /${collection}/${recordId}/attachments: ${text}`).toBe(200);
    return z.object({ attachment: z.object({ id, download_url: z.string() }) }).parse(JSON.parse(text)).attachment;
  }
}
