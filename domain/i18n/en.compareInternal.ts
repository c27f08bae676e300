/**
 * Built-in English of one page: Compare → Internal (src/features/dashboards/CompareInternalPage.tsx).
 * Not in the dashboards' first load: the page's chunk brings it and adds it to the translator
 * before the page renders (src/app/pageTexts.tsx). The full catalogue `en` (en.ts) includes it.
 */
export const enCompareInternal = {
  compare_form: "Choose what to compare",
  compare_help: "Choose from {{min}} to {{max}} selections: the whole organisation or a group, each with a date range if you wish. The dashboard filters apply to every selection.",
  compare_selection: "Selection {{n}}",
  compare_remove: "Remove selection {{n}}",
  compare_add: "Add a selection",
  compare_submit: "Compare",
  compare_side_by_side: "Side by side",
  compare_table_caption: "The selections side by side",
  compare_respondents: "Respondents",
  compare_pillar_figures: "Index {{index}}, effective number of groups {{groups}}",
  compare_facts: "Key facts",
  compare_no_facts: "No key facts: no one selection stands out from the others.",
  "compare_fact.most_respondents": "{{label}} has the most respondents: {{value}}",
  "compare_fact.highest_index": "{{label}} has the highest diversity index: {{value}}",
  "compare_fact.most_countries": "{{label}} has the most countries of birth shown: {{value}}",
  "compare_fact.most_languages": "{{label}} has the most languages shown: {{value}}",
  "compare_fact.most_worldviews": "{{label}} has the most worldviews shown: {{value}}",
  "compare_fact.most_heritages": "{{label}} has the most cultural heritages shown: {{value}}",
  "compare_demographic.gender": "Gender",
  "compare_demographic.generation": "Generation",
  "compare_demographic.positionLevel": "Position level",
  "compare_demographic.disability": "Disability",
  "compare_demographic.ageBand": "Age",
  "compare_count.longTermCondition": "People with a long-term condition",
  "compare_count.lgbtiq": "LGBTIQ+ people",
  "export_compare_download": "Download the comparison (xlsx)",
  "export_compare_download_facts": "Download the key facts (xlsx)",
} as const;
