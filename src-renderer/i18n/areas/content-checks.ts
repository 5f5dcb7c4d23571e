// Messages of the content area's checks and feedback (issue 38): the article list's flag on an article that gets no
// page, ranges named in the number fields' messages, the AI model's URL and 测试连接, the keyword file and import
// previews, a started generation. Imported with the content screens (screens/content/shared.ts).
import { addMessages } from '../index';

const zh = {
  content: {
    common: { sortRange: '排序范围为0-99999' },
    c3: { confirmImport: '确认导入', chooseAnother: '重新选择', uniqueLines: '不重复行' },
    c2: {
      article: {
        pageIssue: '发布检查', issueJump: '跳转栏目：不生成页面', issueMissing: '栏目已删除：不生成页面',
      },
      aiModel: {
        callsUrl: '将调用：{{url}}', urlHint: '填写基础地址（如 https://api.openai.com/v1）或完整的 …/chat/completions 地址',
        test: '测试连接', testing: '正在发送一条测试消息…', testUrl: '调用地址', testReply: '模型回复', testReason: '失败原因',
        testOk: '连接成功', testFailed: '连接失败', testAgain: '重新测试', temperatureDecimals: '温度最多两位小数',
      },
      deployTask: { abCountMin: 'A/B文章数量须为不小于0的整数' },
      task: { started: '已开始生成，进度见“任务进度”' },
    },
  },
};

const en: typeof zh = {
  content: {
    common: { sortRange: 'Sort must be a whole number from 0 to 99999' },
    c3: { confirmImport: 'Import', chooseAnother: 'Choose another file', uniqueLines: 'Distinct lines' },
    c2: {
      article: {
        pageIssue: 'Page check', issueJump: 'Jump column: no page', issueMissing: 'Column deleted: no page',
      },
      aiModel: {
        callsUrl: 'Calls: {{url}}', urlHint: 'A base URL (e.g. https://api.openai.com/v1) or the full …/chat/completions URL',
        test: 'Test connection', testing: 'Sending one test message…', testUrl: 'URL called', testReply: 'Model reply', testReason: 'Reason',
        testOk: 'Connected', testFailed: 'Connection failed', testAgain: 'Test again', temperatureDecimals: 'The temperature may have at most 2 decimals',
      },
      deployTask: { abCountMin: 'A/B articles must be a whole number of 0 or more' },
      task: { started: 'Generation started; Progress shows how it goes' },
    },
  },
};

addMessages({ zh, en });
