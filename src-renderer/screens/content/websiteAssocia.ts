// Website associations: domain, website, language, server, status (domain_info_staus), subdomain.
import type { ScreenDef } from '../../crud/types';
import { WEBSITE_ASSOCIA } from '../../../src-shared/declarations/sites';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const A = '/blade-material/websiteAssocia';

const websiteAssocia: ScreenDef = {
  code: 'websiteAssocia',
  title: 'content.associa.title',
  api: { list: `${A}/list`, detail: `${A}/detail`, submit: `${A}/submit`, remove: `${A}/remove` },
  declaration: WEBSITE_ASSOCIA,
  columns: [
    remoteSelect('domainId', 'content.associa.domainId', REMOTE.domains, { search: true, displayField: 'domainName', validateTrigger: 'onChange' }),
    remoteSelect('websiteInfoId', 'content.associa.websiteInfoId', REMOTE.websites, { search: true, displayField: 'websiteName', validateTrigger: 'onChange' }),
    remoteSelect('languagesId', 'content.associa.languagesId', REMOTE.languages, { displayField: 'languageName', validateTrigger: 'onChange' }),
    remoteSelect('serverId', 'content.associa.serverId', REMOTE.servers, { displayField: 'serverName', validateTrigger: 'onChange' }),
    { name: 'status', label: 'content.associa.status', valueType: 'select', dict: 'domain_info_staus', numeric: true, default: 0, search: true, searchOp: 'equal' },
    {
      name: 'subdomain', label: 'content.associa.subdomain',
    },
    createTimeColumn,
  ],
};

export default websiteAssocia;
