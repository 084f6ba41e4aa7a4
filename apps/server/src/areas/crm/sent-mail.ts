import { sentMail } from '@app/contract/resources/crm/sent-mail';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../db/schema/services';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';

/**
 * The outbox as an organisation's admin reads it: only its rows (the ones the mailer wrote for its
 * work, `Mail.sentFor`), only the columns the definition names (never a body). Written by the mailer
 * alone, so the definition has a list and nothing else.
 */
export const sentMailRepository = resourceRepository(sentMail, mailOutbox);

export const registerSentMail = (app: FastifyInstance) => registerResource(app, sentMailRepository);
