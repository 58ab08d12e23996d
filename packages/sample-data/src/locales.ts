import { base, de, en, es, fr, type LocaleDefinition } from '@faker-js/faker';
import { describeValue } from './describe-value.js';

/**
 * Locale chains per supported code. Each falls back to `en`, then `base`, so
 * data a locale lacks (e.g. `es` has no lorem words) still resolves.
 */
const LOCALE_CHAINS = {
  en: [en, base],
  de: [de, en, base],
  fr: [fr, en, base],
  es: [es, en, base],
} as const satisfies Record<string, readonly LocaleDefinition[]>;

/**
 * A locale code accepted by the `locale` option of `createMessageGenerator`.
 */
export type SupportedLocale = keyof typeof LOCALE_CHAINS;

/**
 * Every locale code accepted by the `locale` option, in a stable order.
 */
// Marked pure so that an app importing only the lookup lists from the root
// entry lets its bundler drop this, and with it every locale but `en`.
export const SUPPORTED_LOCALES: ReadonlyArray<SupportedLocale> = /* @__PURE__ */ Object.freeze(
  /* @__PURE__ */ Object.keys(LOCALE_CHAINS) as SupportedLocale[],
);

/**
 * Validates a `locale` option value and returns the faker locale chain for it.
 *
 * @throws TypeError if the locale is missing (empty string, null, non-string).
 * @throws RangeError if the locale is not one of {@link SUPPORTED_LOCALES}.
 */
export function resolveLocaleChain(locale: unknown): LocaleDefinition[] {
  if (typeof locale !== 'string' || locale === '') {
    throw new TypeError(
      `createMessageGenerator: missing locale; expected one of ${SUPPORTED_LOCALES.join(', ')}, got ${describeValue(locale)}`,
    );
  }
  // hasOwn, not `in`, so "toString" and friends are not mistaken for locales.
  if (!Object.prototype.hasOwnProperty.call(LOCALE_CHAINS, locale)) {
    throw new RangeError(
      `createMessageGenerator: unknown locale ${JSON.stringify(locale)}; known locales: ${SUPPORTED_LOCALES.join(', ')}`,
    );
  }
  // Copy: Faker's constructor wants a mutable array and we keep ours frozen-in-spirit.
  return [...LOCALE_CHAINS[locale as SupportedLocale]];
}
