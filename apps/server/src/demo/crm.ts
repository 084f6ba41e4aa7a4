import { login } from '@app/contract/resources/auth';
import { candidate, crmNoticePeriod } from '@app/contract/resources/crm/candidate';
import { client } from '@app/contract/resources/crm/client';
import { sendEmail } from '@app/contract/resources/crm/email';
import { event } from '@app/contract/resources/crm/event';
import { lead } from '@app/contract/resources/crm/lead';
import { crmNote } from '@app/contract/resources/crm/note';
import { task } from '@app/contract/resources/crm/task';
import { team, teamMember } from '@app/contract/resources/crm/team';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import type { DemoStep } from './demo-step';
import { demoOrganisationAdmin, demoPassword } from './foundation';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Brightpath's daily work: clients, leads, a team, tasks, a note, events, candidates and an email to one, made through the API. */
export const crmDemo: DemoStep = {
  name: 'CRM clients, leads, a team, tasks, a note, events and candidates',
  signIns: [],
  run: async ({ api }) => {
    const admin = (await api(login, { email: demoOrganisationAdmin, password: demoPassword })).token as string;
    const staff = (await api(organisationStaff.calls.list!, { limit: 'ALL' }, admin)).results as { _id: string; email: string }[];
    const idOf = (email: string) => staff.find((person) => person.email === email)?._id as string;
    const priya = idOf('priya.shah@brightpath.demo');
    const hannah = idOf('hannah.okafor@brightpath.demo');

    const clients = [];
    for (const [name, email, city] of [
      ['Northwind Logistics', 'talent@northwind.demo', 'Leeds'],
      ['Pennine Health Trust', 'recruitment@penninehealth.demo', 'Manchester'],
      ['Aire Valley Engineering', 'people@airevalley.demo', 'Bradford'],
    ] as const) {
      clients.push(await api(client.calls.create!, { name, email, phone: { number: '+44 113 496 0100' }, address: { city } }, admin));
    }
    const [northwind] = clients as { _id: string }[];

    const desk = await api(team.calls.create!, { name: 'Logistics desk' }, admin);
    for (const userId of [priya, hannah]) await api(teamMember.calls.create!, { teamId: desk._id, userId, memberType: 'Recruiter' }, admin);

    await api(
      lead.calls.create!,
      {
        title: 'Warehouse supervisors for the new Wakefield site',
        source: 'Referral',
        followUpDate: inDays(3),
        companyDetails: { name: 'Calder Freight', website: 'https://calderfreight.demo' },
      },
      admin,
    );
    await api(
      lead.calls.create!,
      { title: 'Ward nurses, winter cover', source: 'Website', status: 'CONTACTED', companyDetails: { name: 'Harrogate Clinics' } },
      admin,
    );

    const relatedToNorthwind = [{ _id: northwind?._id, entityType: 'Client' }];
    await api(
      task.calls.create!,
      {
        title: 'Send Northwind the transport planner shortlist',
        priority: 'HIGH',
        dueDate: inDays(1),
        assigneeIds: [priya],
        relatedTo: relatedToNorthwind,
      },
      admin,
    );
    await api(
      task.calls.create!,
      { title: 'Book the quarterly review with Pennine Health', dueDate: inDays(7), assigneeIds: [hannah] },
      admin,
    );
    // On the hour, two and three days ahead: the calendar's week view shows them.
    const atHour = (days: number, hour: number, minute = 0) => {
      const date = new Date(Date.now() + days * 86_400_000);
      date.setUTCHours(hour, minute, 0, 0);
      return date.toISOString();
    };
    await api(
      event.calls.create!,
      {
        title: 'Northwind shortlist review',
        type: 'Client meeting',
        startTime: atHour(2, 10),
        endTime: atHour(2, 11),
        userIds: [priya],
        scheduleGoogleMeetCall: true,
        relatedTo: relatedToNorthwind,
      },
      admin,
    );
    await api(
      event.calls.create!,
      {
        title: 'Logistics desk weekly',
        type: 'Internal',
        startTime: atHour(3, 9),
        endTime: atHour(3, 9, 30),
        userIds: [priya, hannah],
        location: { street: '12 Wellington Street', city: 'Leeds' },
      },
      admin,
    );
    await api(
      crmNote.calls.create!,
      {
        note: 'Northwind want two planners in post by February; night shifts paid at time and a third.',
        isImportant: true,
        notifyTo: [priya],
        relatedTo: relatedToNorthwind,
      },
      admin,
    );

    // Candidates: the notice periods list seeds the organisation's defaults on first use.
    const periods = (await api(crmNoticePeriod.calls.list!, { limit: 'ALL' }, admin)).results as { _id: string; valueInDays: number }[];
    const notice = (days: number) => periods.find((period) => period.valueInDays === days)?._id;
    let tomasz = '';
    for (const [first, last, email, phone, city, jobTitle, days, workModel] of [
      ['Tomasz', 'Nowak', 'tomasz.nowak@candidates.demo', '+44 7700 900301', 'Leeds', 'Transport planner', 30, 'ON_SITE'],
      ['Amara', 'Mensah', 'amara.mensah@candidates.demo', '+44 7700 900302', 'Manchester', 'Ward nurse', 14, 'ON_SITE'],
      ['Ellie', 'Barker', 'ellie.barker@candidates.demo', '+44 7700 900303', 'Bradford', 'Maintenance engineer', 0, 'HYBRID'],
    ] as const) {
      const made = await api(
        candidate.calls.create!,
        {
          name: { first, last },
          email,
          phone,
          address: { city, country: 'United Kingdom' },
          about: `${jobTitle} looking for a permanent role around ${city}.`,
          preferences: {
            currentJobTitle: jobTitle,
            desiredJobTitle: jobTitle,
            jobTypes: [1],
            workModel: [workModel],
            noticePeriodId: notice(days),
          },
          projects: [{ title: `${jobTitle} portfolio`, description: 'Highlights from recent work.' }],
        },
        admin,
      );
      if (first === 'Tomasz') tomasz = made._id as string;
    }

    // Priya wrote to Tomasz from the CRM: the email shows in her inbox and on his page.
    const priyaToken = (await api(login, { email: 'priya.shah@brightpath.demo', password: demoPassword })).token as string;
    await api(
      sendEmail,
      {
        candidateIds: [tomasz],
        subject: 'A transport planner role in Leeds',
        body: '<p>Hi {{firstName}},</p><p>Northwind Logistics are hiring a transport planner in Leeds. Would you have ten minutes for a call this week?</p><p>Best wishes,<br>Priya</p>',
      },
      priyaToken,
    );
  },
};
