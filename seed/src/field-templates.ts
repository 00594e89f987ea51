import type { SiteSeed } from './types.ts';

export type FieldTemplateSeed = {
  fieldName: string;
  isDisplay: boolean;
  isRequired: boolean;
  type: 'text' | 'select';
  choices: string[];
  choiceList: string | null;
};

/** What a site's sign-in form follows from: its kind, address and sign-in field settings. */
export type SignInFormSettings = Pick<
  SiteSeed,
  'variant' | 'kind' | 'hasMembershipLogin' | 'residentAreaField' | 'residentAreaList' | 'ageBands' | 'genderChoices'
>;

const BOOLEAN_CHOICES = ['true', 'false'];

/** The sign-in form of a site, in display order, from its sign-in field settings. */
export function buildFieldTemplates(site: SignInFormSettings): FieldTemplateSeed[] {
  const text = (fieldName: string, isDisplay: boolean, isRequired: boolean): FieldTemplateSeed => ({
    fieldName,
    isDisplay,
    isRequired,
    type: 'text',
    choices: [],
    choiceList: null,
  });
  const select = (
    fieldName: string,
    isDisplay: boolean,
    isRequired: boolean,
    choices: string[],
    choiceList: string | null = null,
  ): FieldTemplateSeed => ({ fieldName, isDisplay, isRequired, type: 'select', choices, choiceList });
  const isCafe = site.kind === 'cafe';
  return [
    text('fullname', true, true),
    text('email', true, true),
    text('phone', true, !isCafe),
    text('address', false, false),
    select('age', !isCafe, false, [], `age_${site.ageBands}`),
    select('gender', !isCafe, false, [], `gender_${site.genderChoices}`),
    site.residentAreaField === 'select'
      ? select('resident_area', true, !isCafe, [], site.residentAreaList)
      : text('resident_area', true, false),
    select('mail_magazine', true, false, BOOLEAN_CHOICES),
    select(`mail_magazine_${site.variant.replaceAll('-', '_')}`, site.hasMembershipLogin, false, BOOLEAN_CHOICES),
    text('questionnaire1', true, false),
    text('questionnaire2', false, false),
    text('questionnaire3', false, false),
  ];
}
