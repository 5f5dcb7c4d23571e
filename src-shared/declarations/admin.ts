// The admin area (spec shell-and-system.md): notices, SMS and object-storage configurations, code generation's
// data sources, models and their fields, code entries, dictionaries, declared once for the server's validation and the screens' forms.
// Secrets (the configurations' secret keys, a data source's password) are declared like any text: the server
// adds that they are sealed at rest and answered masked (src-server/modules/admin).
import { ATTACH_MAX_MB, forbiddenIn, TYPES_PATTERN } from '../attach-types';
import { int, isEmpty, maxLength, number, oneOf, pattern, required, text, unique, wholeIn, withDefault, writeOnce, type ResourceDecl } from './declare';

const LOWER_CAMEL = '^[a-z][A-Za-z0-9]*$';
const UPPER_CAMEL = '^[A-Z][A-Za-z0-9]*$';
const SNAKE = '^[a-z][a-z0-9_]*$';

export const NOTICE: ResourceDecl = {
  name: 'notice',
  path: '/website-blade-desk/notice',
  fields: {
    title: text(required('admin.noticeTitleRequired'), maxLength(255, 'admin.noticeTitleMax')),
    category: int(required('admin.noticeCategoryRequired'), oneOf([1, 2, 3, 4, 5, 6], 'admin.noticeCategoryRequired')),
    releaseTime: { type: 'datetime', rules: [required('admin.noticeReleaseTimeRequired')], example: '2026-01-01 08:00:00' },
    content: text(maxLength(20000, 'admin.noticeContentMax')),
  },
};

/** the category of an SMS or object-storage configuration (the dictionaries sms / oss, keys 1-5) */
const category = int(required('admin.categoryRequired'), oneOf([1, 2, 3, 4, 5], 'admin.categoryRequired'));
const resourceCode = text(required('admin.resourceCodeRequired'), maxLength(64, 'admin.resourceCodeMax'), unique('admin.resourceCodeTaken'));
const remark = text(maxLength(255, 'admin.remarkMax'));

export const SMS: ResourceDecl = {
  name: 'sms',
  path: '/blade-resource/sms',
  fields: {
    category,
    smsCode: resourceCode,
    templateId: text(required('admin.templateIdRequired'), maxLength(64, 'admin.templateIdMax')),
    accessKey: text(required('admin.accessKeyRequired')),
    secretKey: text(required('admin.secretKeyRequired')),
    regionId: text(),
    signName: text(required('admin.signNameRequired')),
    remark,
  },
};

export const OSS: ResourceDecl = {
  name: 'oss',
  path: '/blade-resource/oss',
  fields: {
    category,
    ossCode: resourceCode,
    endpoint: text(required('admin.endpointRequired')),
    accessKey: text(required('admin.accessKeyRequired')),
    secretKey: text(required('admin.secretKeyRequired')),
    bucketName: text(required('admin.bucketNameRequired')),
    appId: text(),
    region: text(),
    // what 附件管理 accepts while this configuration is enabled (stock consoles leave them out: the defaults)
    allowTypes: text(maxLength(500, 'admin.allowTypesMax'), pattern(TYPES_PATTERN.source, 'admin.allowTypesFormat')),
    maxSize: number(...wholeIn(1, ATTACH_MAX_MB, 'admin.maxSizeRange')),
    remark,
  },
  cross: [
    // pages, scripts and programs are never attachments, whatever a configuration lists
    {
      field: 'allowTypes',
      reads: [],
      message: 'admin.allowTypesForbidden',
      refuses: (v) => typeof v.allowTypes === 'string' && forbiddenIn(v.allowTypes).length > 0,
      params: (v) => ({ types: forbiddenIn(String(v.allowTypes ?? '')).join(',') }),
      refused: { allowTypes: 'html,pdf' },
    },
  ],
};

export const DATASOURCE: ResourceDecl = {
  name: 'datasource',
  path: '/blade-develop/datasource',
  fields: {
    name: text(required('admin.datasourceNameRequired'), maxLength(64, 'admin.datasourceNameMax')),
    driverClass: text(required('admin.driverClassRequired')),
    url: text(required('admin.urlRequired'), maxLength(500, 'admin.urlMax')),
    username: text(),
    password: text(),
    remark,
  },
};

export const MODEL: ResourceDecl = {
  name: 'model',
  path: '/blade-develop/model',
  fields: {
    datasourceId: text(required('admin.datasourceRequired')),
    modelName: text(required('admin.modelNameRequired'), maxLength(64, 'admin.modelNameMax')),
    modelCode: text(required('admin.modelCodeRequired'), pattern(LOWER_CAMEL, 'admin.modelCodeFormat'), unique('admin.modelCodeTaken')),
    modelTable: text(required('admin.modelTableRequired'), pattern(SNAKE, 'admin.modelTableFormat'), maxLength(64, 'admin.modelTableMax')),
    modelClass: { ...text(required('admin.modelClassRequired'), pattern(UPPER_CAMEL, 'admin.modelClassFormat')), example: 'DemoItem' },
    modelRemark: text(),
  },
};

export const CODE: ResourceDecl = {
  name: 'code',
  path: '/blade-develop/code',
  fields: {
    // optional as in the stock back end (a code row may name its table without a model)
    modelId: withDefault(text(), ''),
    // kept as given (none given, none stored): nothing the generator reads, a name for the operator
    serviceName: text(pattern('^[a-z][a-z0-9-]*$', 'admin.serviceNameFormat')),
    codeName: text(required('admin.codeNameRequired'), pattern(LOWER_CAMEL, 'admin.codeNameFormat')),
    // the stock back end's message for a malformed table name is the missing one's
    tableName: text(required('admin.tableNameRequired'), pattern(SNAKE, 'admin.tableNameRequired')),
    tablePrefix: text(),
    pkName: withDefault(text(), 'id'),
    packageName: text(),
    baseMode: withDefault(int(oneOf([1, 2], 'admin.baseModeRequired')), 1),
    wrapMode: withDefault(int(oneOf([1, 2], 'admin.wrapModeRequired')), 1),
    apiPath: { ...text(required('admin.apiPathRequired'), pattern('^(/[A-Za-z0-9_-]+)+$', 'admin.apiPathFormat')), example: '/blade-demo/item' },
    webPath: text(),
    parentMenu: withDefault(text(required('admin.parentMenuRequired'), pattern('^[A-Za-z][A-Za-z0-9_-]*$', 'admin.parentMenuRequired')), 'tool'),
  },
};

/** components whose options come from a system dictionary */
export const DICT_COMPONENTS: readonly string[] = ['select', 'radio'];
export const PROPERTY_TYPES = ['string', 'int', 'decimal', 'date', 'datetime'] as const;
export const COMPONENT_TYPES = ['input', 'textarea', 'number', 'select', 'radio', 'switch', 'date', 'datetime'] as const;
export const QUERY_TYPES = ['like', 'equal'] as const;
/** a flag of a field (shown in the list, the form...): 1 or 0 on the wire, a switch's true / false in the form */
const on = (v: unknown): boolean => v === true || Number(v) === 1;
const flag = (value: 0 | 1) => withDefault(int(oneOf([0, 1], 'admin.fieldFlag')), value);

/**
 * A data model's field (字段配置): its column, label, property, where it shows and how it is searched. The
 * server's hook (modules/admin/model-fields.ts) judges the cross rules again on the stored values merged with a
 * partial update, and what needs the database (the model and the dictionary exist, the names are free).
 */
export const MODEL_FIELD: ResourceDecl = {
  name: 'modelPrototype',
  path: '/blade-develop/model-prototype',
  fields: {
    // the model's id (MODEL's rows): the generated tests take a row of it
    modelId: { ...writeOnce(text(required('admin.fieldModelMissing'))), ref: MODEL.name },
    jdbcName: text(required('admin.jdbcNameRequired'), pattern(SNAKE, 'admin.jdbcNameFormat'), maxLength(64, 'admin.jdbcNameFormat')),
    jdbcType: withDefault(text(), ''),
    comment: text(required('admin.commentRequired'), maxLength(64, 'admin.commentMax')),
    propertyName: text(required('admin.propertyNameRequired'), pattern(LOWER_CAMEL, 'admin.propertyNameFormat'), maxLength(64, 'admin.propertyNameFormat')),
    propertyType: withDefault(text(required('admin.propertyTypeRequired'), oneOf(PROPERTY_TYPES, 'admin.propertyTypeRequired')), 'string'),
    isList: flag(1),
    isForm: flag(1),
    isRow: flag(0),
    isRequired: flag(0),
    isQuery: flag(0),
    queryType: withDefault(text(oneOf(QUERY_TYPES, 'admin.queryTypeRequired')), 'like'),
    componentType: withDefault(text(required('admin.componentTypeRequired'), oneOf(COMPONENT_TYPES, 'admin.componentTypeRequired')), 'input'),
    dictCode: withDefault(text(), ''),
    sort: withDefault(number(required('admin.fieldSortRequired'), ...wholeIn(0, 9999, 'admin.fieldSortRange')), 0),
  },
  cross: [
    // a select or radio takes its options from a dictionary
    { field: 'dictCode', reads: ['componentType'], message: 'admin.fieldDictCodeRequired', refuses: (v) => DICT_COMPONENTS.includes(String(v.componentType)) && isEmpty(v.dictCode), refused: { componentType: 'select', dictCode: '' } },
    { field: 'queryType', reads: ['isQuery'], message: 'admin.queryTypeRequired', refuses: (v) => on(v.isQuery) && isEmpty(v.queryType), refused: { isQuery: 1, queryType: '' } },
    // a required field the form does not show could never be filled
    { field: 'isRequired', reads: ['isForm'], message: 'admin.requiredNotInForm', refuses: (v) => on(v.isRequired) && v.isForm !== undefined && !on(v.isForm), refused: { isRequired: 1, isForm: 0 } },
  ],
};

/** a dictionary entry's parent: '0' (or none) for a dictionary, a dictionary's id for one of its items */
const isRoot = (parentId: unknown): boolean => parentId === undefined || parentId === null || String(parentId).trim() === '' || String(parentId).trim() === '0';

/**
 * A dictionary (parentId '0': its code required, its key set to -1 by the server) or one of its items (its key
 * required, its code the parent's). The cross rules judge a code or key the write sends (an update leaving them
 * out keeps the stored ones; the server's hook judges those, with the same messages).
 */
const dictionary = (name: 'dict' | 'dict-biz'): ResourceDecl => ({
  name,
  path: `/website-blade-system/${name}`,
  fields: {
    parentId: { ...withDefault(text(), '0'), example: '0' },
    code: text(maxLength(255, 'admin.dictCodeMax')),
    dictKey: text(maxLength(255, 'admin.dictKeyMax')),
    dictValue: text(required('admin.dictValueRequired'), maxLength(255, 'admin.dictValueMax')),
    sort: number(required('admin.dictSortRequired'), ...wholeIn(0, 99999, 'admin.dictSortRange')),
    isSealed: withDefault(int(required('admin.dictSealedRequired'), oneOf([0, 1], 'admin.dictSealedRequired')), 0),
    remark,
  },
  cross: [
    { field: 'code', reads: ['parentId'], message: 'admin.dictCodeRequired', refuses: (v) => 'code' in v && isRoot(v.parentId) && isEmpty(v.code), refused: { parentId: '0', code: '' } },
    {
      field: 'dictKey',
      reads: ['parentId'],
      message: 'admin.dictKeyRequired',
      refuses: (v) => 'dictKey' in v && !isRoot(v.parentId) && (isEmpty(v.dictKey) || String(v.dictKey).trim() === '-1'),
      refused: { parentId: '1123598814738675201', dictKey: '' },
    },
  ],
});
export const DICT = dictionary('dict');
export const DICT_BIZ = dictionary('dict-biz');

export const ADMIN_DECLARATIONS: readonly ResourceDecl[] = [NOTICE, SMS, OSS, DATASOURCE, MODEL, MODEL_FIELD, CODE, DICT, DICT_BIZ];
