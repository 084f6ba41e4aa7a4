import { login } from '@app/contract/resources/auth';
import { article, author, contactQuery, employeeCard } from '@app/contract/resources/content/article';
import type { DemoStep } from './demo-step';

const careerAdvice = [
  {
    title: 'How to write a CV that gets read',
    shortDesc: 'Recruiters spend seconds on a first read. Here is how to make those seconds count.',
    tags: ['cv', 'job search'],
    isFeatured: true,
    content:
      '<p>Most CVs are read twice: once by software, once by a person in a hurry. Write for both.</p><h2>Lead with a summary</h2><p>Three lines on who you are, what you are good at and what you want next.</p><h2>Show results, not duties</h2><ul><li>“Cut checkout drop-off by 18%” beats “responsible for the checkout”.</li><li>Numbers make claims believable.</li></ul><h2>Keep it readable</h2><p>Real text, clear headings, two pages at most. Our CV builder does this for you.</p>',
  },
  {
    title: 'Ten questions to ask at the end of an interview',
    shortDesc: '“Do you have any questions for us?” is a chance, not a formality.',
    tags: ['interview'],
    isFeatured: false,
    content:
      '<p>Good questions show you have thought about the job, not just about getting it.</p><ol><li>What would success look like in the first six months?</li><li>How does the team share knowledge?</li><li>What is the biggest challenge facing the team this year?</li></ol>',
  },
  {
    title: 'Hybrid working in 2026: what employers offer in the North',
    shortDesc: 'We looked at the jobs posted this year in Leeds, Manchester and Sheffield.',
    tags: ['hybrid working', 'market'],
    isFeatured: false,
    content:
      '<p>Two days in the office is now the most common pattern in the jobs posted on the board, with fully remote roles holding steady at about one in eight.</p>',
  },
];

/** Public content: an author with three published articles, an employee's business card, a contact query. */
export const contentDemo: DemoStep = {
  name: 'content: articles, a business card and a contact query',
  signIns: [],
  run: async ({ api, superAdmin }) => {
    const root = (await api(login, superAdmin)).token as string;
    const writer = await api(
      author.calls.create!,
      { name: 'Sarah Whitfield', fullName: 'Sarah Whitfield', profile: 'Careers writer and former recruiter in Leeds.' },
      root,
    );
    for (const [i, piece] of careerAdvice.entries()) {
      await api(
        article.calls.create!,
        {
          ...piece,
          meta_title: piece.title,
          meta_description: piece.shortDesc,
          meta_tags: piece.tags.join(', '),
          author: writer._id,
          status: 'PUBLISHED',
          publishDate: new Date(Date.now() - (i + 1) * 3 * 24 * 60 * 60 * 1000).toISOString(),
        },
        root,
      );
    }
    await api(
      employeeCard.calls.create!,
      {
        name: 'Daniel Okafor',
        designation: 'Head of Partnerships',
        email: 'daniel.okafor@example.com',
        phone: '+44 7700 900777',
        website: 'https://recruitment.example',
        linkedInLink: 'https://www.linkedin.com/in/daniel-okafor-demo',
        address: { city: 'Leeds', postCode: 'LS1 4AP', country: 'United Kingdom' },
        slug: 'daniel-okafor',
        isWhatsapp: true,
      },
      root,
    );
    await api(contactQuery.calls.create!, {
      contactName: 'Helen Brooks',
      email: 'helen.brooks@example.com',
      phone: '+44 7700 900888',
      content: 'Hello, we are a care home group in York and would like to post several nursing jobs. Do you offer bulk pricing?',
    });
    return { articles: careerAdvice.length };
  },
};
