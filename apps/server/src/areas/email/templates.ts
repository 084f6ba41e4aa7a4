import { type EmailTemplateType, emailTemplate, fillTemplate, type TemplateValues } from '@app/contract/resources/crm/email-template';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { emailTemplates } from '../../db/schema/email';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';

export const emailTemplateRepository = resourceRepository(emailTemplate, emailTemplates);

export type Letter = { subject: string; text: string };

/** The organisation's newest ACTIVE template of a type: what its automatic mail of that type sends. */
export const activeTemplateOf = async (db: Executor, organisationId: string, type: EmailTemplateType) => {
  const [template] = await db
    .select({ subject: emailTemplates.subject, content: emailTemplates.content })
    .from(emailTemplates)
    .where(
      and(
        ...emailTemplateRepository.scopeWhere({ organisationId }),
        eq(emailTemplates.templateType, type),
        eq(emailTemplates.status, 'ACTIVE'),
      ),
    )
    .orderBy(desc(emailTemplates.updatedAt), desc(emailTemplates.id))
    .limit(1);
  return template;
};

/** A template's subject and body filled for one person (crm.md §3: the variables are filled at send time). */
export const filledLetter = (template: { subject: string; content: string | null }, values: TemplateValues): Letter => ({
  // A subject is one line, whatever a value holds.
  subject: fillTemplate(template.subject, values).replace(/\s+/g, ' ').trim(),
  text: fillTemplate(template.content ?? '', values),
});

export const registerEmailTemplates = (app: FastifyInstance) => {
  registerResource(app, emailTemplateRepository);
};
