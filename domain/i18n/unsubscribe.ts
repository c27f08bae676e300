import { CampaignMessages } from '../contracts/campaigns';

/**
 * The one page the server writes itself: where a campaign mail's unsubscribe link leads
 * (server/routes/campaigns/unsubscribe.ts), in the language the mail was written in. It lives
 * apart from the client's catalogues because the client never shows it.
 */

export interface UnsubscribePageTexts {
  readonly title: string;
  readonly question: (organization: string) => string;
  readonly button: string;
  readonly done: (organization: string) => string;
  readonly invalid: string;
}

const english: UnsubscribePageTexts = {
  title: 'Unsubscribe',
  question: (organization) => `Stop receiving survey invitations and reminders from ${organization}?`,
  button: 'Unsubscribe',
  done: (organization) => `You are unsubscribed: ${organization} will send you no more survey invitations or reminders.`,
  invalid: CampaignMessages.unsubscribeInvalid,
};

const french: UnsubscribePageTexts = {
  title: 'Se désabonner',
  question: (organization) => `Ne plus recevoir d'invitations ni de rappels d'enquête de ${organization} ?`,
  button: 'Se désabonner',
  done: (organization) => `Vous êtes désabonné : ${organization} ne vous enverra plus d'invitations ni de rappels d'enquête.`,
  invalid: "Ce lien de désabonnement n'est pas valide.",
};

const spanish: UnsubscribePageTexts = {
  title: 'Darse de baja',
  question: (organization) => `¿Dejar de recibir invitaciones y recordatorios de encuestas de ${organization}?`,
  button: 'Darse de baja',
  done: (organization) => `Se ha dado de baja: ${organization} no le enviará más invitaciones ni recordatorios de encuestas.`,
  invalid: 'Este enlace para darse de baja no es válido.',
};

const arabic: UnsubscribePageTexts = {
  title: 'إلغاء الاشتراك',
  question: (organization) => `هل تريد التوقف عن تلقي دعوات الاستبيانات وتذكيراتها من ${organization}؟`,
  button: 'إلغاء الاشتراك',
  done: (organization) => `تم إلغاء اشتراكك: لن ترسل إليك ${organization} أي دعوات أو تذكيرات أخرى بالاستبيانات.`,
  invalid: 'رابط إلغاء الاشتراك هذا غير صالح.',
};

const chinese: UnsubscribePageTexts = {
  title: '退订',
  question: (organization) => `不再接收${organization}的调查邀请和提醒？`,
  button: '退订',
  done: (organization) => `您已退订：${organization}将不再向您发送调查邀请或提醒。`,
  invalid: '此退订链接无效。',
};

const PAGES: Readonly<Record<string, UnsubscribePageTexts>> = { en: english, fr: french, es: spanish, ar: arabic, zh: chinese };

/** The page's language: the recipient's when it is one of the five, else English. */
export const unsubscribeLanguage = (language: string | undefined): string => (language !== undefined && PAGES[language] !== undefined ? language : 'en');

export const unsubscribePageTexts = (language: string | undefined): UnsubscribePageTexts => PAGES[unsubscribeLanguage(language)]!;
