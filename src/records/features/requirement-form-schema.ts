// The "Add requirement" form's schema, derived from the contract's requirement input (operation 3):
// the form holds strings, the transform builds the request body and leaves out what was not filled.
// The workspace's Requirement layout adds its custom fields and its required fields (ui/layout-model).
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { builtInLayout } from '../../api/layouts';
import { requirementCreateInput, type RequirementCreateInput } from '../../contract/features';
import { dateText, formFieldNames, htmlText } from '../../ui/form-schema';
import {
  checkLayoutValues,
  customFieldDefaults,
  customFieldFormValues,
  customFieldsBody,
  formLayout,
  type FormLayout,
} from '../../ui/layout-model';

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
  /** The layout's custom fields by key. */
  custom_fields: customFieldFormValues,
});

/** The form the built-in Requirement layout draws (what the form showed before layouts). */
export const defaultRequirementLayout = (): FormLayout => formLayout(builtInLayout('Requirement'), { mode: 'create' });

export function buildRequirementFormSchema(layout: FormLayout = defaultRequirementLayout()) {
  return requirementFields
    .superRefine((v, ctx) => checkLayoutValues(layout, v, ctx))
    .transform((v): RequirementCreateInput => {
      const body: RequirementCreateInput = { name: v.name };
      if (v.workflow_status) body.workflow_status = { name: v.workflow_status };
      if (v.assigned_to_user) body.assigned_to_user = { email: v.assigned_to_user };
      if (v.start_date) body.start_date = v.start_date;
      if (v.end_date) body.end_date = v.end_date;
      if (v.description.trim()) body.description = v.description;
      const custom = customFieldsBody(layout, v.custom_fields, 'create');
      if (custom) body.custom_fields = custom;
      return body;
    });
}

export type RequirementFormValues = z.input<ReturnType<typeof buildRequirementFormSchema>>;

/** The form's field names (a service message finds its field by them), its custom fields' included. */
export function requirementFormFields(layout: FormLayout): Path<RequirementFormValues>[] {
  return [...formFieldNames(requirementFields), ...layout.customFields.map((cf) => cf.name)];
}

export const emptyRequirement = (statusName = '', layout: FormLayout = defaultRequirementLayout()): RequirementFormValues => ({
  name: '',
  workflow_status: statusName,
  assigned_to_user: '',
  start_date: '',
  end_date: '',
  description: '',
  custom_fields: customFieldDefaults(layout),
});
