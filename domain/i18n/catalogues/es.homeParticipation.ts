import type { enHomeParticipation } from '../en.homeParticipation';

/** Spanish texts of home's participation card (issue 29); the keys of en.homeParticipation.ts. */
export const esHomeParticipation: Readonly<Record<keyof typeof enHomeParticipation, string>> = {
  home_participation_title: "Participación",
  home_participation_campaign: "Última campaña: {{name}}",
  home_participation_invited: "Invitadas",
  home_participation_answered: "Respondieron",
  home_participation_share: "Proporción que respondió",
  home_participation_hidden: "Menos de {{threshold}}: no se muestra",
  home_participation_note: "Las respuestas se cuentan como cualquier otra cifra: ligeramente ajustadas y ocultas por debajo de {{threshold}}, para que nadie pueda saber quién respondió.",
};
