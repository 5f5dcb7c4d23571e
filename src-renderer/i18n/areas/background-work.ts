// Messages of the banner of a restored copy's paused background work (layout/BackgroundWorkBanner.tsx),
// zh and en complete. Imported by the banner, which registers them.
import { addMessages } from '../index';

const zh = {
  backgroundWork: {
    title: '后台任务已暂停',
    byRestore: '这是从备份恢复的副本（{{since}}）。',
    byImport: '这是从本地工作区迁入的副本（{{since}}）。',
    text: '生成、导入、部署和定时任务在恢复前都不运行，以免与原来的服务器重复调用 AI 接口或重复部署站点。确认原来的服务器已停用、或由这份副本接手后再恢复。',
    resume: '恢复后台任务',
    resumeConfirm: '恢复后，这份副本将运行备份中未完成的任务和定时部署。确定恢复吗？',
    resumed: '后台任务已恢复',
  },
};

const en = {
  backgroundWork: {
    title: 'Background work is paused',
    byRestore: 'This is a copy restored from a backup ({{since}}). ',
    byImport: 'This is a copy moved in from a Local workspace ({{since}}). ',
    text: 'Generation, imports, deploys and schedules do not run until resumed, so the copy does not call the same AI endpoint or deploy the same sites as the original server. Resume once the original server is stopped or this copy takes over.',
    resume: 'Resume background work',
    resumeConfirm: "Once resumed, this copy runs the backup's unfinished tasks and scheduled deploys. Resume?",
    resumed: 'Background work resumed',
  },
};

export const backgroundWorkMessages = { zh, en };
addMessages(backgroundWorkMessages);
