import type { enHomeParticipation } from '../en.homeParticipation';

/** Chinese texts of home's participation card (issue 29); the keys of en.homeParticipation.ts. */
export const zhHomeParticipation: Readonly<Record<keyof typeof enHomeParticipation, string>> = {
  home_participation_title: "参与情况",
  home_participation_campaign: "最近的活动：{{name}}",
  home_participation_invited: "已邀请",
  home_participation_answered: "已作答",
  home_participation_share: "作答比例",
  home_participation_hidden: "少于 {{threshold}}：不显示",
  home_participation_note: "作答人数与其他数字一样计算：略作调整，少于 {{threshold}} 时隐藏，因此无人能知道谁作答了。",
};
