import { seoHead, siteName } from '../../services/html-page';

/** The title and description of the board's own pages (a job's page has its own: page.ts). */
export const publicPageHead = (url: string, appUrl: string): string[] => {
  const { pathname, search } = new URL(url, 'http://localhost');
  if (pathname === '/')
    return seoHead({
      title: `${siteName}: jobs and the people for them`,
      description:
        'Search jobs across the UK by title, skill and place, apply in a few steps, and keep your CVs and cover letters in one place.',
      url: `${appUrl}/`,
    });
  if (pathname === '/jobs') {
    const query = new URLSearchParams(search);
    const words = query.get('q')?.trim();
    return seoHead({
      title: words ? `${words} jobs | ${siteName}` : `Find jobs | ${siteName}`,
      description: words
        ? `Jobs matching "${words}": salaries, places and ways of working, with new jobs every day.`
        : 'Search jobs by title, skill and place; filter by salary, job type and way of working.',
      url: `${appUrl}/jobs${search}`,
    });
  }
  if (pathname === '/contact')
    return seoHead({
      title: `Contact us | ${siteName}`,
      description: 'Questions about jobs, your account or hiring through us: send us a message and we answer by email.',
      url: `${appUrl}/contact`,
    });
  return [];
};
