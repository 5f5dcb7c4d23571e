// Messages of the content area's checks and feedback (issue 38): the article list's flag on an article that gets no
// page, ranges named in the number fields' messages, the AI model's URL and 测试连接, the keyword file and import
// previews, a started generation. Imported with the content screens (screens/content/shared.ts).
import { addMessages } from '../index';

const zh = {
  content: {
    c2: {
      article: {
        pageIssue: '发布检查', issueJump: '跳转栏目：不生成页面', issueMissing: '栏目已删除：不生成页面',
      },
    },
  },
};

const en: typeof zh = {
  content: {
    c2: {
      article: {
        pageIssue: 'Page check', issueJump: 'Jump column: no page', issueMissing: 'Column deleted: no page',
      },
    },
  },
};

addMessages({ zh, en });
