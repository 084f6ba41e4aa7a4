import type { CodeHolderCalls } from '@app/contract/conventions/one-time-code';
import type { ResourceDefinition } from '@app/contract/define-resource';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client';
import { clientAddress } from '../services/client-address';
import { unscoped } from './context';
import { HttpError, notFound, tooManyRequests } from './errors';
import { Answer, registerCall } from './register-call';
import type { ResourceRepository } from './repository';

/** What visitors are told of a record they name by id: nothing but that a code went to its address. */
const lookup = unscoped('a visitor names one record by its id: they learn nothing of it, and its code goes only to the address it names');

/** A stored row of the resource, as its repository finds it. */
type StoredRow = Record<string, unknown> & { id: string };
type Mail = { subject: string; text: string };

const codeSent = 'A code has been sent to your email. It is valid for 10 minutes.';

/**
 * Serves a resource's `codeHolderCalls` (DECISIONS.md §9): `sendOtp` mails a code to the address
 * the record itself names (never one the visitor gives), `checkOtp` turns a right code into the
 * token of a code holder of that one record, for the resource's `code-holder` calls. The codes
 * count per record (services/one-time-codes.ts) and per address (services/code-limits.ts). Both
 * count outside any transaction, so a refused try is still counted.
 */
export const registerCodeHolderCalls = <Def extends ResourceDefinition>(
  app: FastifyInstance,
  input: {
    calls: CodeHolderCalls;
    repository: ResourceRepository<Def>;
    /**
     * Where a code for the record goes (read in the call's transaction, so from another record if it
     * must be: a form's candidate); null when it cannot take one (no address: a 404 like an unknown
     * id). May throw an HttpError when the record takes no code in its state (a form already filled).
     */
    recipientOf: (record: StoredRow, db: Executor) => Promise<string | null | undefined> | string | null | undefined;
    /** The mail that carries the code, when a plain one will not do (the organisation's template). */
    mailOf?: (record: StoredRow, code: string, db: Executor) => Promise<Mail> | Mail;
  },
) => {
  const { calls, repository } = input;
  if (calls.resource !== repository.def.name)
    throw new Error(`Code-holder calls of ${calls.resource} registered for ${repository.def.name}`);
  const purpose = `code-holder:${calls.resource}`;

  registerCall(
    app,
    { ...calls.sendOtp, unscoped: lookup.unscoped, transaction: false },
    async ({ input: { _id }, services, req, transaction }) => {
      const address = clientAddress(req);
      const limits = services.limits.codes;
      if (!(await limits.newCodeEachMinute.consume(address))) throw tooManyRequests('Please wait a minute before asking for a new code.');
      if (!(await limits.newCodesEachHour.consume(address)))
        throw tooManyRequests('Too many codes requested. Please try again in an hour.');
      await transaction(async (db) => {
        const record = await repository.find(db, lookup, _id);
        const target = record ? await input.recipientOf(record, db) : null;
        if (!record || !target) throw notFound(repository.label);
        const code = await services.codes.issue(db, { purpose, subjectId: record.id, channel: 'mail', target });
        const mail = (await input.mailOf?.(record, code, db)) ?? {
          subject: 'Your one-time code',
          text: `Your code is ${code}. It is valid for 10 minutes. If you did not ask for it, you can ignore this mail.`,
        };
        await services.mail.send(db, { to: target, ...mail, priority: 'URGENT' });
      });
      return new Answer(null, codeSent);
    },
  );

  registerCall(
    app,
    { ...calls.checkOtp, unscoped: lookup.unscoped, transaction: false },
    async ({ input: { _id, otp }, db, services, req, transaction }) => {
      const address = clientAddress(req);
      const wrongCodes = services.limits.codes.wrongCodes;
      if (await wrongCodes.isLimited(address)) throw tooManyRequests('Too many wrong codes. Please try again later.');
      const { record, checked } = await transaction(async (tx) => {
        const found = await repository.find(tx, lookup, _id);
        if (!found) throw notFound(repository.label);
        return { record: found, checked: await services.codes.check(tx, { purpose, subjectId: found.id, channel: 'mail', value: otp }) };
      });
      if (!checked.ok) {
        // Counted after the transaction, on the database handle: per record (the code) and per address.
        if (checked.recordWrongTry) {
          await checked.recordWrongTry(db);
          await wrongCodes.hit(address);
        }
        const { error } = checked;
        throw new HttpError(error.status, error.message, [{ field: 'otp', message: error.message }]);
      }
      const organisationId = typeof record.organisationId === 'string' ? record.organisationId : null;
      const access = services.codes.holderToken({ resource: calls.resource, recordId: record.id, organisationId });
      return new Answer(access, 'The code is correct');
    },
  );
};
