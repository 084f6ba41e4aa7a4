import { article, author, employeeCard } from '@app/contract/resources/content/article';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './test-app';
import { unique } from './world';

/** Builders for platform content, made through the admin calls as a platform admin would. */

export type Article = Record<string, any> & { _id: string; slug: string; title: string };
export type Card = Record<string, any> & { _id: string; slug: string };

export const anAuthor = async (app: FastifyInstance, token: string, name = unique('Author ')) => {
  const { status, body } = await call(app, author.calls.create!, { name, fullName: `${name} Smith`, profile: 'Writes.' }, token);
  expect(status, body.message).toBe(200);
  return body.data as { _id: string; name: string; fullName: string };
};

/** A valid article body (a new author unless one is given), to add as it is or to break one field of. */
export const articleBody = async (app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}) => ({
  title: unique('Interview Tips '),
  content: '<p>Be <strong>on time</strong>.</p>',
  meta_description: 'How to interview',
  meta_tags: 'interview, tips',
  meta_title: 'Interview tips',
  shortDesc: 'Tips for interviews',
  tags: ['interview'],
  author: overrides.author ?? (await anAuthor(app, token))._id,
  ...overrides,
});

export const anArticle = async (app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}): Promise<Article> => {
  const { status, body } = await call(app, article.calls.create!, await articleBody(app, token, overrides), token);
  expect(status, body.message).toBe(200);
  return body.data;
};

export const aCard = async (app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}): Promise<Card> => {
  const { status, body } = await call(
    app,
    employeeCard.calls.create!,
    { name: 'Sam Carter', phone: '+44770090012', email: 'Sam@Example.com', designation: 'Recruiter', slug: unique('sam-'), ...overrides },
    token,
  );
  expect(status, body.message).toBe(200);
  return body.data;
};
