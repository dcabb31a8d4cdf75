/**
 * English beside the Vietnamese of the GS1 resolver's problem answers (`detail` next to `message`): the
 * clients that read them are GS1 tools and partners' systems as often as people in Vietnam. Only these
 * texts: everything a person using the app sees is Vietnamese (shared/i18n/vi).
 */
import type { DigitalLinkError } from '#shared/gs1/digital-link.ts';

export const gs1En = {
  badDigitalLink: 'Invalid GS1 Digital Link',
  digitalLinkReasons: {
    NOT_A_URI: 'not an http(s) URI',
    NO_PRIMARY_KEY: 'no GS1 primary key in the path (e.g. /01/ and a 14-digit GTIN)',
    SHORT_NAME: 'short names such as /gtin/ were removed from the standard: use the numeric AI (e.g. /01/)',
    BAD_GTIN: 'a GTIN is written with exactly 14 digits',
    BAD_CHECK_DIGIT: 'wrong check digit',
    BAD_DATE: 'invalid date or time (dates are YYMMDD)',
    BAD_FLAG: 'the value must be 0 or 1',
    BAD_VALUE: 'wrong length, a character outside the allowed set, or a malformed value',
    BAD_QUALIFIER: 'not a key qualifier of this primary key',
    QUALIFIER_ORDER: 'key qualifiers out of order or repeated (for a GTIN: /22/, /10/, /21/)',
    UNKNOWN_AI: 'no such Application Identifier',
    NOT_AN_ATTRIBUTE: 'this AI is not permitted as a data attribute in the query string',
    QUALIFIER_AS_ATTRIBUTE: 'a key qualifier of the primary key belongs in the path, not the query string',
    DUPLICATE_AI: 'the AI appears twice',
    MISSING_AI: 'this AI requires another AI that is not present',
    EXCLUDED_AI: 'this AI may not appear with another AI that is present',
    TOO_MANY_AIS: 'too many AIs (at most 64)',
  } satisfies Record<DigitalLinkError, string>,
  aiAtFault: (ai: string) => `AI (${ai})`,
  unknownKey: 'Nothing is known for this GS1 key',
  unknownLinkType: 'No link of this type for this GS1 key',
  notFound: 'Not found',
} as const;
