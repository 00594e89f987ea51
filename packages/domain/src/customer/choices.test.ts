import { describe, expect, it } from 'vitest';
import {
  AGE_BANDS,
  type Choice,
  COUNTRIES,
  choicesFor,
  GENDERS,
  PREFECTURES,
  placeLabel,
  REGIONS,
  RESIDENCE,
} from './choices.ts';

const values = (choices: readonly Choice[]) => choices.map((choice) => choice.value);
const labels = (choices: readonly Choice[]) => choices.map((choice) => choice.label);

describe('COUNTRIES', () => {
  it('has about 200 countries without duplicates', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(190);
    expect(COUNTRIES.length).toBeLessThanOrEqual(210);
    expect(new Set(values(COUNTRIES)).size).toBe(COUNTRIES.length);
  });

  it('shows Japan first and Others last', () => {
    expect(COUNTRIES[0]).toEqual({ value: 'Japan / 日本', label: 'Japan / 日本', place: { kind: 'country', code: 'JP' } });
    expect(COUNTRIES.at(-1)).toEqual({ value: 'Others / その他', label: 'Others / その他', place: { kind: 'other' } });
  });

  it('lists the rest alphabetically in English, Japan only once', () => {
    const middle = labels(COUNTRIES.slice(1, -1)) as string[];
    expect(middle).toEqual([...middle].sort((a, b) => a.localeCompare(b, 'en')));
    expect(middle.some((name) => name.includes('Japan'))).toBe(false);
    expect(middle).toEqual(expect.arrayContaining(['China', 'South Korea', 'Taiwan', 'United States', 'United Kingdom']));
  });

  it('sends what it shows', () => {
    for (const choice of COUNTRIES) expect(choice.value).toBe(choice.label);
  });
});

describe('PREFECTURES', () => {
  it('lists the 47 prefectures from Hokkaido to Okinawa, then other', () => {
    expect(PREFECTURES).toHaveLength(48);
    expect(PREFECTURES[0]?.value).toBe('北海道');
    expect(PREFECTURES[12]?.value).toBe('東京都');
    expect(PREFECTURES[25]?.value).toBe('京都府');
    expect(PREFECTURES[26]?.value).toBe('大阪府');
    expect(PREFECTURES[46]?.value).toBe('沖縄県');
    expect(PREFECTURES[47]?.value).toBe('その他');
  });

  it('has no duplicates and every prefecture ends in 都, 道, 府 or 県', () => {
    expect(new Set(values(PREFECTURES)).size).toBe(48);
    for (const name of values(PREFECTURES).slice(0, 47)) expect(name).toMatch(/[都道府県]$/);
  });
});

describe('REGIONS', () => {
  it('lists the regions of Japan north to south, then abroad and other', () => {
    expect(values(REGIONS)).toEqual(['北海道', '東北', '関東', '中部', '近畿', '中国', '四国', '九州・沖縄', '海外', 'その他']);
  });
});

describe('AGE_BANDS', () => {
  it('runs from 10-19 to 70 and over', () => {
    expect(AGE_BANDS.teens_to_70.map((choice) => choice.labelKey)).toEqual([
      'age_10_19',
      'age_20_29',
      'age_30_39',
      'age_40_49',
      'age_50_59',
      'age_60_69',
      'age_70_over',
    ]);
  });

  it('runs from 18-24 to 80 and over', () => {
    expect(AGE_BANDS.young_adult_to_80.map((choice) => choice.labelKey)).toEqual([
      'age_18_24',
      'age_25_34',
      'age_35_44',
      'age_45_54',
      'age_55_64',
      'age_65_79',
      'age_80_over',
    ]);
  });

  it('sends language-neutral values', () => {
    expect(values(AGE_BANDS.teens_to_70)).toEqual(['10-19', '20-29', '30-39', '40-49', '50-59', '60-69', '70+']);
    expect(values(AGE_BANDS.young_adult_to_80)).toEqual(['18-24', '25-34', '35-44', '45-54', '55-64', '65-79', '80+']);
  });
});

describe('GENDERS', () => {
  it('offers man/woman or male/female/prefer not to say', () => {
    expect(GENDERS.man_woman).toEqual([
      { value: 'man', labelKey: 'gender_man' },
      { value: 'woman', labelKey: 'gender_woman' },
    ]);
    expect(GENDERS.male_female_other).toEqual([
      { value: 'male', labelKey: 'gender_male' },
      { value: 'female', labelKey: 'gender_female' },
      { value: 'prefer_not_to_say', labelKey: 'gender_prefer_not_to_say' },
    ]);
  });
});

describe('choicesFor', () => {
  it('maps the names used by field templates to their lists', () => {
    expect(choicesFor('countries')).toBe(COUNTRIES);
    expect(choicesFor('prefectures')).toBe(PREFECTURES);
    expect(choicesFor('regions')).toBe(REGIONS);
    expect(choicesFor('age_teens_to_70')).toBe(AGE_BANDS.teens_to_70);
    expect(choicesFor('age_young_adult_to_80')).toBe(AGE_BANDS.young_adult_to_80);
    expect(choicesFor('gender_man_woman')).toBe(GENDERS.man_woman);
    expect(choicesFor('gender_male_female_other')).toBe(GENDERS.male_female_other);
  });

  it('gives an empty list for an unknown name', () => {
    expect(choicesFor('planets')).toEqual([]);
    expect(choicesFor('')).toEqual([]);
    expect(choicesFor('toString')).toEqual([]);
    expect(choicesFor('__proto__')).toEqual([]);
  });
});

describe('residence in the page language (issue 20)', () => {
  it('offers the prefectures for Japan and the countries for visitors from abroad, values as the operator reads them', () => {
    expect(choicesFor('residence')).toBe(RESIDENCE);
    const japan = RESIDENCE.filter((choice) => choice.group === 'japan');
    const abroad = RESIDENCE.filter((choice) => choice.group === 'abroad');
    expect(japan.map((choice) => choice.value)).toEqual(PREFECTURES.slice(0, 47).map((choice) => choice.value));
    expect(abroad.map((choice) => choice.value)).toContain('United States');
    expect(abroad.map((choice) => choice.value)).not.toContain('Japan / 日本');
    expect(abroad.at(-1)?.value).toBe('Others / その他');
    expect(japan.length + abroad.length).toBe(RESIDENCE.length);
  });

  it('labels prefectures, countries and "other" in each language, the value unchanged', () => {
    const tokyo = PREFECTURES.find((choice) => choice.value === '東京都') as Choice;
    expect(placeLabel(tokyo, 'ja')).toBe('東京都');
    expect(placeLabel(tokyo, 'en')).toBe('Tokyo');
    expect(placeLabel(tokyo, 'kr')).toBe('도쿄도');
    expect(placeLabel(tokyo, 'th')).toBe('โตเกียว');
    expect(placeLabel(tokyo, 'zh-hans')).toBe('东京都');
    expect(placeLabel(tokyo, 'zh-hant')).toBe('東京都');
    const usa = COUNTRIES.find((choice) => choice.value === 'United States') as Choice;
    expect(usa.value).toBe('United States');
    expect(placeLabel(usa, 'en')).toBe('United States');
    expect(placeLabel(usa, 'ja')).toBe('アメリカ合衆国');
    expect(placeLabel(usa, 'zh-hans')).toBe('美国');
    expect(placeLabel(COUNTRIES[0] as Choice, 'ja')).toBe('日本');
    expect(placeLabel(PREFECTURES.at(-1) as Choice, 'en')).toBe('Other');
    expect(placeLabel(COUNTRIES.at(-1) as Choice, 'th')).toBe('อื่น ๆ');
    expect(placeLabel({ value: '10-19', labelKey: 'age_10_19' }, 'en')).toBeNull();
  });

  it('can name every country of the list by its ISO code', () => {
    const unnamed = COUNTRIES.filter((choice) => choice.place?.kind === undefined).map((choice) => choice.value);
    expect(unnamed).toEqual([]);
  });
});
