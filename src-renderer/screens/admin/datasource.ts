// Code-generation data sources (/blade-develop/datasource); the embedded SQLite is the default one.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';
import { DATASOURCE } from '../../../src-shared/declarations/admin';

const B = DATASOURCE.path;

const datasource: ScreenDef = {
  code: 'datasource',
  title: 'adminDev.datasourceTitle',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 800,
  labelWidth: 110,
  timeRange: false,
  declaration: DATASOURCE,
  columns: [
    { name: 'name', label: 'adminDev.name', search: true },
    {
      name: 'driverClass',
      label: 'adminDev.driverClass',
      valueType: 'select',
      options: [
        { value: 'org.sqlite.JDBC', label: 'adminDev.driverSqlite' },
        { value: 'com.mysql.cj.jdbc.Driver', label: 'adminDev.driverMysql' },
        { value: 'org.postgresql.Driver', label: 'adminDev.driverPostgres' },
      ],
    },
    { name: 'url', label: 'adminDev.url', span: 24 },
    { name: 'username', label: 'adminDev.username' },
    { name: 'password', label: 'adminDev.password', valueType: 'password', hideInTable: true },
    { name: 'remark', label: 'adminDev.remark', valueType: 'textarea', hideInTable: true },
  ],
};

export default datasource;
