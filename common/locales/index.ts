// Types and locale rules only: the catalogues themselves are imported where they are loaded (the
// server's i18n, the client's providers), so that the client's first load takes only what it needs.
import type { Catalogue } from './ja.js';

export const LOCALES = ['ja', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ja';

/** The leaf keys of a catalogue, dotted: `errors.notFound`. */
type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every message key of the reference (ja) catalogue: a key written in code with a typo does not compile. */
export type MessageKey = KeysOf<Catalogue>;

/** The dotted paths of a catalogue's groups of messages: `tripScreens.status`. */
type SectionsOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? never : `${Prefix}${K}` | SectionsOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A group of messages whose last part is known only at run time (an enum value, a field name). */
export type MessageSection = SectionsOf<Catalogue>;

/** The key `section.name`: the section is checked when compiled, the name when the screen runs. */
export const keyIn = (section: MessageSection, name: string | number) => `${section}.${name}` as MessageKey;

/** The group `section.name`, checked like `keyIn`. */
export const sectionIn = (section: MessageSection, name: string) => `${section}.${name}` as MessageSection;

/** Accept-Language or a stored choice → one of our locales (ja unless en is asked for first). */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : DEFAULT_LOCALE;
}
