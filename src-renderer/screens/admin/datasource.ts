// Code-generation data sources (/blade-develop/datasource); the embedded SQLite is the default one.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';

const B = '/blade-develop/datasource';

const datasource: ScreenDef = {
  code: 'datasource',
  title: 'adminDev.datasourceTitle',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 800,
  labelWidth: 110,
  timeRange: false,
  columns: [
    { name: 'name', label: 'adminDev.name', search: true, rules: [{ required: true, message: 'adminDev.nameRequired' }, { max: 64, message: 'crud.maxLength' }] },
    {
      name: 'driverClass',
      label: 'adminDev.driverClass',
      valueType: 'select',
      options: [
        { value: 'org.sqlite.JDBC', label: 'adminDev.driverSqlite' },
        { value: 'com.mysql.cj.jdbc.Driver', label: 'adminDev.driverMysql' },
        { value: 'org.postgresql.Driver', label: 'adminDev.driverPostgres' },
      ],
      rules: [{ required: true, message: 'adminDev.driverClassRequired' }],
    },
    { name: 'url', label: 'adminDev.url', span: 24, rules: [{ required: true, message: 'adminDev.urlRequired' }, { max: 500, message: 'crud.maxLength' }] },
    { name: 'username', label: 'adminDev.username' },
    { name: 'password', label: 'adminDev.password', valueType: 'password', hideInTable: true },
    { name: 'remark', label: 'adminDev.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default datasource;
