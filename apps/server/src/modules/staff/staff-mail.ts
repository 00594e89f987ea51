/**
 * Staff mail: its shape, and its words per language (ja and en written, the other languages fall
 * back to en).
 */

/** A mail to a staff member, as the mail module's outbox takes it (`mail/enqueue-staff-mail.ts`). */
export type StaffMail = {
  kind: 'staff_invitation' | 'staff_password_reset' | 'staff_report';
  to: string;
  from: string;
  lang: string;
  /** The venue the mail is about, if one. */
  siteId?: number;
  subject: string;
  /** Paragraphs of plain text; `link` goes after them as a button. */
  paragraphs: string[];
  /** Figures as label and value, a table after the paragraphs. */
  facts?: Array<[label: string, value: string]>;
  link: { url: string; label: string };
  /** A last small paragraph, after the link (why the mail came, where to stop it). */
  footer?: string;
};

type Words = {
  invitation: (name: string, inviter: string, days: number) => { subject: string; paragraphs: string[]; label: string };
  reset: (name: string, minutes: number) => { subject: string; paragraphs: string[]; label: string };
};

const WORDS: Record<string, Words> = {
  ja: {
    invitation: (name, inviter, days) => ({
      subject: 'Storefront 管理画面への招待',
      paragraphs: [
        `${name} 様`,
        `${inviter} さんから Storefront 管理画面に招待されました。下のボタンからパスワードを設定してください。`,
        `このリンクは一度だけ、${days} 日間有効です。心当たりがない場合はこのメールを破棄してください。`,
      ],
      label: 'パスワードを設定する',
    }),
    reset: (name, minutes) => ({
      subject: 'Storefront 管理画面のパスワード再設定',
      paragraphs: [
        `${name} 様`,
        'パスワード再設定の依頼を受け付けました。下のボタンから新しいパスワードを設定してください。',
        `このリンクは一度だけ、${minutes} 分間有効です。依頼していない場合はこのメールを破棄してください。パスワードは変わりません。`,
      ],
      label: '新しいパスワードを設定する',
    }),
  },
  en: {
    invitation: (name, inviter, days) => ({
      subject: 'You are invited to the Storefront console',
      paragraphs: [
        `Hello ${name},`,
        `${inviter} has invited you to the Storefront console. Choose your password with the button below.`,
        `The link works once, for ${days} days. If you did not expect this, ignore this mail.`,
      ],
      label: 'Choose a password',
    }),
    reset: (name, minutes) => ({
      subject: 'Reset your Storefront console password',
      paragraphs: [
        `Hello ${name},`,
        'Someone asked to reset your password. Choose a new one with the button below.',
        `The link works once, for ${minutes} minutes. If it was not you, ignore this mail: your password stays as it is.`,
      ],
      label: 'Choose a new password',
    }),
  },
};

const wordsIn = (lang: string): Words => WORDS[lang] ?? (WORDS.en as Words);

export function invitationMail(
  to: { email: string; name: string; language: string },
  from: string,
  inviter: string,
  url: string,
  days: number,
): StaffMail {
  const words = wordsIn(to.language).invitation(to.name, inviter, days);
  return {
    kind: 'staff_invitation',
    to: to.email,
    from,
    lang: to.language,
    subject: words.subject,
    paragraphs: words.paragraphs,
    link: { url, label: words.label },
  };
}

export function passwordResetMail(
  to: { email: string; name: string; language: string },
  from: string,
  url: string,
  minutes: number,
): StaffMail {
  const words = wordsIn(to.language).reset(to.name, minutes);
  return {
    kind: 'staff_password_reset',
    to: to.email,
    from,
    lang: to.language,
    subject: words.subject,
    paragraphs: words.paragraphs,
    link: { url, label: words.label },
  };
}
