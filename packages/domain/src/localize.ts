import { DEFAULT_LANGUAGE } from './constants.ts';

/** The text in `lang`, else in the default language, else any text there is. */
export function localize(text: Record<string, string>, lang: string): string {
  return text[lang] ?? text[DEFAULT_LANGUAGE] ?? Object.values(text)[0] ?? '';
}
