import { Refusal } from '../../../../../../platform/errors';
import { buildSchema, type Build, type ProviderTemplateKey } from '../../../../builder-contract';
import { EVENTS_DATES } from './events-dates';
import type { TemplateDocument } from './parts';
import { PRINCIPALS_MESSAGE } from './principals-message';
import { TERM_NEWS } from './term-news';

/**
 * The provider's templates (builder-rules.ts PROVIDER_TEMPLATES names them): documents shipped
 * with the product, the same for every school. A school never changes them: starting from one
 * makes a build of its own (service.ts `newBuild`).
 */
const DOCUMENTS: Record<ProviderTemplateKey, TemplateDocument> = {
  'term-news': TERM_NEWS,
  'events-dates': EVENTS_DATES,
  'principals-message': PRINCIPALS_MESSAGE,
};

/** A fresh copy of a provider template's document, every block with its id. */
export function providerBuild(key: ProviderTemplateKey): Build {
  const document = DOCUMENTS[key];
  if (!document) throw new Refusal(404, 'not-found', 'There is no such provider template.');
  return buildSchema.parse(structuredClone(document));
}
