import type { enHomeParticipation } from '../en.homeParticipation';

/** French texts of home's participation card (issue 29); the keys of en.homeParticipation.ts. */
export const frHomeParticipation: Readonly<Record<keyof typeof enHomeParticipation, string>> = {
  home_participation_title: "Participation",
  home_participation_campaign: "Dernière campagne : {{name}}",
  home_participation_invited: "Invitées",
  home_participation_answered: "Ont répondu",
  home_participation_share: "Part des réponses",
  home_participation_hidden: "Moins de {{threshold}} : non affiché",
  home_participation_note: "Les réponses sont comptées comme tous les autres chiffres : légèrement ajustées et masquées en dessous de {{threshold}}, afin que personne ne puisse savoir qui a répondu.",
};
