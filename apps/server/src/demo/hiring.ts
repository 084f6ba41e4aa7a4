import { login } from '@app/contract/resources/auth';
import { candidate } from '@app/contract/resources/crm/candidate';
import { client } from '@app/contract/resources/crm/client';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { interview } from '@app/contract/resources/hiring/interview';
import { addToLongList, applicationStages } from '@app/contract/resources/hiring/job-application';
import { defaultHiringPipeline } from '@app/contract/resources/hiring/pipeline';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import type { DemoStep } from './demo-step';
import { demoOrganisationAdmin, demoPassword } from './foundation';

/** The coming Tuesday at 10:00 UTC (10:00 in London in winter, 11:00 in summer). */
const nextTuesdayAtTen = () => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + ((9 - day.getUTCDay()) % 7 || 7));
  day.setUTCHours(10, 0, 0, 0);
  return day;
};

/** Two open jobs for the demo clients, the demo candidates long-listed on the first, two of them moved on, and an interview booked. */
export const hiringDemo: DemoStep = {
  name: 'CRM jobs with their pipeline boards',
  signIns: [],
  run: async ({ api }) => {
    const admin = (await api(login, { email: demoOrganisationAdmin, password: demoPassword })).token as string;
    const clients = (await api(client.calls.list!, { limit: 'ALL' }, admin)).results as { _id: string; name: string }[];
    const clientNamed = (name: string) => clients.find((row) => row.name === name)?._id as string;
    const planner = await api(
      crmJob.calls.create!,
      {
        title: 'Transport planner',
        clientId: clientNamed('Northwind Logistics'),
        description: 'Plan the night trunking network out of the Leeds hub.',
        content:
          '<p>Northwind need a <strong>transport planner</strong> for their Leeds hub: route planning, driver hours and the weekly network review.</p>',
        workModel: 'ON_SITE',
        address: { city: 'Leeds', country: 'United Kingdom' },
        status: 'PUBLISHED',
      },
      admin,
    );
    await api(
      crmJob.calls.create!,
      {
        title: 'Ward nurse, winter cover',
        clientId: clientNamed('Pennine Health Trust'),
        content: '<p>Band 5 ward nurses for the winter, on a six-month contract.</p>',
        workModel: 'ON_SITE',
        address: { city: 'Manchester', country: 'United Kingdom' },
        status: 'PUBLISHED',
      },
      admin,
    );
    const people = (await api(candidate.calls.list!, { limit: 'ALL' }, admin)).results as { _id: string; email: string }[];
    const added = await api(addToLongList, { candidateIds: people.map((person) => person._id), jobIds: [planner._id] }, admin);
    const pipeline = await api(defaultHiringPipeline, {}, admin);
    const stage = (type: string) =>
      (pipeline.items as { _id: string; stage: { stageType: string } }[]).find((item) => item.stage.stageType === type)?._id;
    const applicationOf = (email: string) => {
      const person = people.find((row) => row.email === email);
      return (added.added as { _id: string; candidateId: string }[]).find((row) => row.candidateId === person?._id)?._id;
    };
    const moves: [string, string, string][] = [
      ['tomasz.nowak@candidates.demo', 'SHORT_LIST', 'Eight years on night trunking: a strong match.'],
      ['ellie.barker@candidates.demo', 'SCREENING', 'Phone screen booked for Thursday.'],
    ];
    for (const [email, type, remarks] of moves) {
      const id = applicationOf(email);
      if (id) await api(applicationStages.move, { jobApplicationId: id, pipelineItemId: stage(type), remarks }, admin);
    }
    // Tomasz's first interview, a video call next Tuesday, with the admin on the panel.
    const staff = (await api(organisationStaff.calls.list!, { limit: 'ALL' }, admin)).results as { _id: string; email: string }[];
    const panel = staff.filter((row) => row.email === demoOrganisationAdmin).map((row) => row._id);
    const tomasz = applicationOf('tomasz.nowak@candidates.demo');
    if (tomasz && panel.length > 0) {
      const start = nextTuesdayAtTen();
      await api(
        interview.calls.create,
        {
          interviewType: 'First',
          medium: 'ONLINE',
          interviewerIds: panel,
          jobApplicationId: tomasz,
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 45 * 60 * 1000).toISOString(),
          timeZone: 'Europe/London',
          descriptionForCandidate: 'A 45-minute video call about the Leeds network and your night trunking work.',
        },
        admin,
      );
    }
  },
};
