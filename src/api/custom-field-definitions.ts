// The account's custom field definitions of one record type, every workspace's: what a custom layout
// may place (issue 14). A layout is account-wide and names a custom field by key, so the layout
// editor offers each key once, whichever workspaces define it.
import { MAX_PER_PAGE } from '../contract/common';
import { customFieldDefinitionPage, type CustomFieldDefinition } from '../contract/custom-fields';
import { keys } from './keys';
import { fetchEveryPage, readQuery } from './records';

// The service answers the list whole; a hosted account with more than a thousand is not one to page through here.
const DEFINITION_PAGES = 5;

/** Every workspace's definitions of `recordType` (`CUSTOM_FIELD_RECORD_TYPE[kind]`), in the service's order. */
export async function fetchAccountFieldDefinitions(recordType: string, signal?: AbortSignal): Promise<CustomFieldDefinition[]> {
  const query = { custom_fieldable_type: recordType, per_page: MAX_PER_PAGE };
  const { pages } = await fetchEveryPage('/custom_field_definitions', customFieldDefinitionPage, query, DEFINITION_PAGES, signal);
  return pages.flatMap((p) => p.custom_field_definitions);
}

// Definitions change rarely while a layout is being edited.
const STALE_TIME = 60_000;

export const customFieldDefinitionQueries = {
  account: (recordType: string) =>
    readQuery(keys.customFieldDefinitions.account(recordType), (signal) => fetchAccountFieldDefinitions(recordType, signal), STALE_TIME),
};
