// The "Add requirement" form's schema, derived from the contract's requirement input (operation 3):
// the form holds strings, the transform builds the request body and leaves out what was not filled.
import { z } from 'zod';
import { requirementCreateInput, type RequirementCreateInput } from '../../contract/features';
import { dateText, formFieldNames, htmlText } from '../../ui/form-schema';

const contract = requirementCreateInput.shape;

const requirementFields = z.object({
  name: contract.name,
  /** Status name, '' for the workflow's first status. */
  workflow_status: z.string(),
  /** Assignee email, '' for nobody. */
  assigned_to_user: z.string(),
  start_date: dateText,
  end_date: dateText,
  description: htmlText,
});

export const requirementFormSchema = requirementFields.transform((v): RequirementCreateInput => {
  const body: RequirementCreateInput = { name: v.name };
  if (v.workflow_status) body.workflow_status = { name: v.workflow_status };
  if (v.assigned_to_user) body.assigned_to_user = { email: v.assigned_to_user };
  if (v.start_date) body.start_date = v.start_date;
  if (v.end_date) body.end_date = v.end_date;
  if (v.description.trim()) body.description = v.description;
  return body;
});

export type RequirementFormValues = z.input<typeof requirementFormSchema>;

export const REQUIREMENT_FORM_FIELDS = formFieldNames(requirementFields);

export const emptyRequirement = (statusName = ''): RequirementFormValues => ({
  name: '',
  workflow_status: statusName,
  assigned_to_user: '',
  start_date: '',
  end_date: '',
  description: '',
});
