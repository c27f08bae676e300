/**
 * Built-in English of home's participation card (issue 29, src/features/dashboards/ParticipationCard.tsx).
 * Not in the dashboards' first load: the card's module (in the home page's chunk) adds it to the
 * translator before it renders. The full catalogue `en` (en.ts) includes it.
 */
export const enHomeParticipation = {
  home_participation_title: "Participation",
  home_participation_campaign: "Latest campaign: {{name}}",
  home_participation_invited: "Invited",
  home_participation_answered: "Answered",
  home_participation_share: "Share who answered",
  home_participation_hidden: "Fewer than {{threshold}}: not shown",
  home_participation_note: "Answered is counted like every other figure: adjusted slightly and hidden below {{threshold}}, so nobody can tell who answered.",
} as const;
