import type { enHomeParticipation } from '../en.homeParticipation';

/** Arabic texts of home's participation card (issue 29); the keys of en.homeParticipation.ts. */
export const arHomeParticipation: Readonly<Record<keyof typeof enHomeParticipation, string>> = {
  home_participation_title: "المشاركة",
  home_participation_campaign: "آخر حملة: {{name}}",
  home_participation_invited: "المدعوون",
  home_participation_answered: "أجابوا",
  home_participation_share: "نسبة من أجابوا",
  home_participation_hidden: "أقل من {{threshold}}: لا يُعرض",
  home_participation_note: "تُحتسب الإجابات مثل أي رقم آخر: تُعدَّل قليلًا وتُخفى إذا قلّت عن {{threshold}}، حتى لا يعرف أحد من أجاب.",
};
