/** The choice lists of SPEC §3 that a select field names in its template's `choiceList`. */

import type { LanguageCode } from '../constants.ts';
import { COUNTRY_NAMES } from './countries.ts';
import { COUNTRY_CODES, countryName, OTHER_LABELS, PREFECTURE_LABELS } from './places.ts';

/** Which place a choice names, so it can be labelled in the page's language. */
export type Place = { kind: 'prefecture'; index: number } | { kind: 'country'; code: string } | { kind: 'other' };

/**
 * One option of a select. `value` is what is sent; the label is either a translation key
 * (`labelKey`) or, for place names, the sent text (`label`), shown in the page's language through
 * `place` (placeLabel). `group` puts residence choices under "in Japan" and "outside Japan".
 */
export type Choice = { value: string; labelKey?: string; label?: string; place?: Place; group?: 'japan' | 'abroad' };

/** Place names are sent as the operator reads them (the value stays whatever the page's language). */
function literal(label: string): Choice {
  return { value: label, label };
}

const OTHER_VALUES: ReadonlySet<string> = new Set(['その他', 'Others / その他']);

function country(name: string): Choice {
  const code = COUNTRY_CODES[name];
  return {
    ...literal(name),
    ...(OTHER_VALUES.has(name)
      ? { place: { kind: 'other' as const } }
      : code
        ? { place: { kind: 'country' as const, code } }
        : {}),
  };
}

/**
 * A place choice in the page's language: a prefecture by its translated name (the Japanese value on
 * Japanese pages), a country by Intl.DisplayNames (its English value where it cannot be named),
 * "other" in the language; null for a choice that is no place.
 */
export function placeLabel(choice: Choice, lang: LanguageCode): string | null {
  const place = choice.place;
  if (!place) return null;
  switch (place.kind) {
    case 'prefecture':
      return lang === 'ja' ? choice.value : (PREFECTURE_LABELS[lang][place.index] ?? choice.value);
    case 'country':
      return countryName(place.code, lang) ?? choice.label ?? choice.value;
    case 'other':
      return OTHER_LABELS[lang];
  }
}

function translated(value: string, labelKey: string): Choice {
  return { value, labelKey };
}

export const COUNTRIES: readonly Choice[] = COUNTRY_NAMES.map(country);

/** The 47 prefectures in the standard order (JIS X 0401), north to south, then "other". */
export const PREFECTURES: readonly Choice[] = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
  'その他',
].map((name, index) => ({
  ...literal(name),
  place: name === 'その他' ? { kind: 'other' as const } : { kind: 'prefecture' as const, index },
}));

/**
 * Residence as SPEC §3 means it: visitors living in Japan choose their prefecture, visitors from
 * abroad their country (Japan itself is the prefectures), "Others" last. The values are those of
 * the prefecture and country lists.
 */
export const RESIDENCE: readonly Choice[] = [
  ...PREFECTURES.filter((choice) => choice.place?.kind === 'prefecture').map((choice) => ({
    ...choice,
    group: 'japan' as const,
  })),
  ...COUNTRIES.filter((choice) => choice.place?.kind !== 'country' || choice.place.code !== 'JP').map((choice) => ({
    ...choice,
    group: 'abroad' as const,
  })),
];

/** The regions of Japan, then abroad and other. */
export const REGIONS: readonly Choice[] = [
  '北海道',
  '東北',
  '関東',
  '中部',
  '近畿',
  '中国',
  '四国',
  '九州・沖縄',
  '海外',
  'その他',
].map(literal);

export type AgeBandSet = 'teens_to_70' | 'young_adult_to_80';

export const AGE_BANDS: Readonly<Record<AgeBandSet, readonly Choice[]>> = {
  teens_to_70: [
    translated('10-19', 'age_10_19'),
    translated('20-29', 'age_20_29'),
    translated('30-39', 'age_30_39'),
    translated('40-49', 'age_40_49'),
    translated('50-59', 'age_50_59'),
    translated('60-69', 'age_60_69'),
    translated('70+', 'age_70_over'),
  ],
  young_adult_to_80: [
    translated('18-24', 'age_18_24'),
    translated('25-34', 'age_25_34'),
    translated('35-44', 'age_35_44'),
    translated('45-54', 'age_45_54'),
    translated('55-64', 'age_55_64'),
    translated('65-79', 'age_65_79'),
    translated('80+', 'age_80_over'),
  ],
};

export type GenderSet = 'man_woman' | 'male_female_other';

export const GENDERS: Readonly<Record<GenderSet, readonly Choice[]>> = {
  man_woman: [translated('man', 'gender_man'), translated('woman', 'gender_woman')],
  male_female_other: [
    translated('male', 'gender_male'),
    translated('female', 'gender_female'),
    translated('prefer_not_to_say', 'gender_prefer_not_to_say'),
  ],
};

const CHOICE_LISTS: Readonly<Record<string, readonly Choice[]>> = {
  countries: COUNTRIES,
  prefectures: PREFECTURES,
  residence: RESIDENCE,
  regions: REGIONS,
  age_teens_to_70: AGE_BANDS.teens_to_70,
  age_young_adult_to_80: AGE_BANDS.young_adult_to_80,
  gender_man_woman: GENDERS.man_woman,
  gender_male_female_other: GENDERS.male_female_other,
};

/** The list a field template names; an unknown name gives no choices. */
export function choicesFor(choiceList: string): readonly Choice[] {
  return Object.hasOwn(CHOICE_LISTS, choiceList) ? (CHOICE_LISTS[choiceList] ?? []) : [];
}
