import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { FileStore } from '../../services/files';
import {
  escapeHtml,
  initialsOf,
  jsonLdTag,
  notFoundPage,
  publicFileUrl,
  renderPage,
  sendPage,
  sendPublic,
  seoHead,
  siteName,
  webLink,
} from '../../services/html-page';
import { activeCardBySlug, type PublicCard } from './routes';
import { vCard, vCardDisposition } from './vcard';

/** The company on an employee's card: the cards are the platform's own staff. */
const company = siteName;

const displayName = (card: PublicCard) => card.name?.trim() || card.email || card.phone;

/** A number as a tel: link wants it: digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * wa.me wants the full international number, digits only: "+44 7700 900123" and "0044…" lose the
 * + or 00, and a UK number written nationally ("07700…") gains 44, the platform being British.
 */
export const whatsAppNumber = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) return `44${digits.slice(1)}`;
  return digits;
};

const addressOf = (card: PublicCard) => {
  const a = card.address;
  return a ? [a.building, a.street, a.city, a.county, a.postCode, a.country].filter(Boolean).join(', ') : '';
};

/** The QR code of the card's address, drawn server-side as SVG so the page needs no script. */
export const qrSvg = async (url: string) => {
  const svg = await QRCode.toString(url, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#1d2733', light: '#ffffff' },
  });
  return svg.replace('<svg ', '<svg role="img" aria-label="QR code of this card’s address" ');
};

const icon = (paths: string) =>
  `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`;
const icons = {
  phone: icon(
    '<path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8.1 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z"/>',
  ),
  mobile: icon('<rect x="5" y="2" width="14" height="20" rx="2"/><path d="M12 18h.01"/>'),
  mail: icon('<rect x="2" y="4" width="20" height="16" rx="2"/><path d="m22 6-10 7L2 6"/>'),
  web: icon(
    '<circle cx="12" cy="12" r="10"/><path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z"/>',
  ),
  linkedIn: icon(
    '<path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z"/><rect x="2" y="9" width="4" height="12"/><circle cx="4" cy="4" r="2"/>',
  ),
  whatsApp: icon(
    '<path d="M21 11.5a8.4 8.4 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.4 8.4 0 0 1-3.8-.9L3 21l1.9-5.7a8.4 8.4 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.4 8.4 0 0 1 3.8-.9h.5a8.5 8.5 0 0 1 8 8z"/>',
  ),
  place: icon('<path d="M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0z"/><circle cx="12" cy="10" r="3"/>'),
  save: icon('<path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3"/>'),
};

const cardCss = `
.bcard{max-width:440px;margin:0 auto;background:#fff;border:1px solid var(--border);border-radius:18px;box-shadow:0 8px 28px rgba(16,42,67,.08);overflow:hidden;text-align:center}
.bcard .banner{height:96px;background:linear-gradient(135deg,var(--brand),var(--brand-dark))}
.bcard .avatar{width:112px;height:112px;margin:-56px auto 0;border:4px solid #fff;font-size:2.3rem;position:relative}
.bcard h1{margin:14px 20px 2px;font-size:1.65rem}
.bcard .role{margin:0 20px;color:var(--muted)}
.bcard .company{margin:2px 20px 0;font-weight:600;color:var(--brand-dark)}
.contact{list-style:none;margin:22px 0 0;padding:0;text-align:left;border-top:1px solid var(--border)}
.contact li{border-bottom:1px solid var(--border)}
.contact a,.contact .row{display:flex;align-items:center;gap:14px;padding:12px 22px;text-decoration:none;color:var(--text)}
.contact a:hover{background:var(--bg)}
.contact svg{flex:none;width:22px;height:22px;color:var(--brand)}
.contact small{display:block;color:var(--muted);font-size:.78rem;line-height:1.3}
.contact .value{overflow-wrap:anywhere}
.contact .whatsapp svg{color:#1a9e52}
.actions{padding:20px 22px 0}
.actions .button{width:100%}
.actions svg{width:20px;height:20px}
.qr{margin:22px auto 26px;padding:0 22px}
.qr svg{width:176px;height:176px;display:block;margin:0 auto}
.qr figcaption{font-size:.85rem;color:var(--muted);margin-top:6px}
@media (max-width:480px){main{padding:16px 12px 40px}}
`;

const contactRow = (input: { href?: string; label: string; value: string; icon: string; external?: boolean; className?: string }) => {
  const inner = `${input.icon}<span><small>${escapeHtml(input.label)}</small><span class="value">${escapeHtml(input.value)}</span></span>`;
  const attributes = input.external ? ' target="_blank" rel="noopener noreferrer"' : '';
  const className = input.className ? ` class="${input.className}"` : '';
  return input.href
    ? `<li${className}><a href="${escapeHtml(input.href)}"${attributes}>${inner}</a></li>`
    : `<li${className}><div class="row">${inner}</div></li>`;
};

const cardHref = (slug: string) => `/card/${encodeURIComponent(slug)}`;

/** schema.org Person, so the card reads as a contact to search engines too. */
const personJsonLd = (card: PublicCard, url: string, image: string | null) => {
  const sameAs = [webLink(card.linkedInLink), webLink(card.website)].filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: displayName(card),
    ...(card.designation ? { jobTitle: card.designation } : {}),
    worksFor: { '@type': 'Organization', name: company },
    telephone: card.phone,
    ...(card.email ? { email: card.email } : {}),
    ...(image ? { image } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    url,
  };
};

/** An employee's business card: who, how to reach them, save to contacts, and a QR code of the page. */
export const renderCard = async (input: { card: PublicCard; appUrl: string; files: FileStore }) => {
  const { card, appUrl, files } = input;
  const name = displayName(card);
  const url = `${appUrl}${cardHref(card.slug)}`;
  const photo = card.profileImg ? publicFileUrl(files, card.profileImg.blobName) : null;
  const website = webLink(card.website);
  const linkedIn = webLink(card.linkedInLink);
  const address = addressOf(card);
  const title = `${name}${card.designation ? ` – ${card.designation}` : ''} | ${company}`;
  const description = `${name}${card.designation ? `, ${card.designation}` : ''} at ${company}. Call, email or save the contact.`;
  const head = [...seoHead({ title, description, url, ogType: 'profile', image: photo }), jsonLdTag(personJsonLd(card, url, photo))];

  const rows = [
    contactRow({ href: telHref(card.phone), label: 'Phone', value: card.phone, icon: icons.phone }),
    card.mobile ? contactRow({ href: telHref(card.mobile), label: 'Mobile', value: card.mobile, icon: icons.mobile }) : '',
    card.isWhatsapp
      ? contactRow({
          href: `https://wa.me/${whatsAppNumber(card.phone)}`,
          label: 'WhatsApp',
          value: 'Message on WhatsApp',
          icon: icons.whatsApp,
          external: true,
          className: 'whatsapp',
        })
      : '',
    card.email ? contactRow({ href: `mailto:${card.email}`, label: 'Email', value: card.email, icon: icons.mail }) : '',
    website ? contactRow({ href: website, label: 'Website', value: card.website as string, icon: icons.web, external: true }) : '',
    linkedIn ? contactRow({ href: linkedIn, label: 'LinkedIn', value: 'View profile', icon: icons.linkedIn, external: true }) : '',
    address ? contactRow({ label: 'Address', value: address, icon: icons.place }) : '',
  ].filter(Boolean);

  const body = `<section class="bcard" aria-labelledby="card-name">
  <div class="banner"></div>
  <div class="avatar">${photo ? `<img src="${escapeHtml(photo)}" alt="Photo of ${escapeHtml(name)}">` : `<span aria-hidden="true">${escapeHtml(initialsOf(name))}</span>`}</div>
  <h1 id="card-name">${escapeHtml(name)}</h1>
  ${card.designation ? `<p class="role">${escapeHtml(card.designation)}</p>` : ''}
  <p class="company">${escapeHtml(company)}</p>
  <ul class="contact">
    ${rows.join('\n    ')}
  </ul>
  <div class="actions">
    <a class="button primary" href="${escapeHtml(`${cardHref(card.slug)}.vcf`)}" download>${icons.save}Add to contacts</a>
  </div>
  <figure class="qr">
    ${await qrSvg(url)}
    <figcaption>Scan to open this card</figcaption>
  </figure>
</section>`;
  return renderPage({ head, body, css: cardCss });
};

/** A photo goes into the vCard itself (contacts apps do not fetch links), if it is a small JPEG or PNG. */
const vCardPhoto = async (card: PublicCard, files: FileStore) => {
  const file = card.profileImg;
  const types: Record<string, 'JPEG' | 'PNG'> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG' };
  const type = file ? types[file.mimeType] : undefined;
  if (!file || !type || file.size > 512 * 1024) return null;
  const content = await files.read(file.blobName).catch(() => null);
  return content ? { type, base64: content.toString('base64') } : null;
};

export const cardVCard = async (input: { card: PublicCard; appUrl: string; files: FileStore }) => {
  const { card, appUrl, files } = input;
  const a = card.address;
  return vCard({
    fullName: displayName(card),
    organisation: company,
    title: card.designation,
    phones: [{ number: card.phone, type: 'WORK' as const }, ...(card.mobile ? [{ number: card.mobile, type: 'CELL' as const }] : [])],
    email: card.email,
    website: webLink(card.website),
    linkedIn: webLink(card.linkedInLink),
    address: a
      ? {
          street: [a.building, a.street].filter(Boolean).join(' '),
          city: a.city,
          region: a.county,
          postCode: a.postCode,
          country: a.country,
        }
      : null,
    photo: await vCardPhoto(card, files),
    source: `${appUrl}${cardHref(card.slug)}`,
  });
};

const slugPattern = /^[a-z0-9-]{1,200}$/;

/**
 * /card/:slug, an employee's business card page, and /card/:slug.vcf, the same card as a vCard
 * download ("Add to contacts"). Only active cards are shown; anything else is the friendly 404.
 */
export const registerCardPages = (app: FastifyInstance) => {
  const { config, files } = app.services;
  const findCard = (slug: string) => (slugPattern.test(slug) ? activeCardBySlug(app.database.db, slug) : undefined);
  const missing = () =>
    notFoundPage({
      heading: 'Card not found',
      message: 'This business card does not exist or is no longer active.',
      link: { href: '/', label: `Go to ${siteName}` },
    });

  app.get('/card/:slug', { schema: { hide: true } }, async (req, reply) => {
    const card = await findCard((req.params as { slug: string }).slug);
    if (!card) return sendPage(req, reply, missing(), 404);
    return sendPage(req, reply, await renderCard({ card, appUrl: config.appUrl, files }));
  });

  app.get('/card/:slug.vcf', { schema: { hide: true } }, async (req, reply) => {
    const card = await findCard((req.params as { slug: string }).slug);
    if (!card) return sendPage(req, reply, missing(), 404);
    return sendPublic(req, reply, {
      body: await cardVCard({ card, appUrl: config.appUrl, files }),
      type: 'text/vcard; charset=utf-8',
      headers: { 'content-disposition': vCardDisposition(displayName(card)) },
    });
  });
};
