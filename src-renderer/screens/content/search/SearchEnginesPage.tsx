// The 搜索引擎 screen (站点管理 › 搜索引擎, menu searchEngine, issue 36): the tenant's
// accounts on top, then each website's connections in the shared CrudPage.
import { CrudPage } from '../../../crud/CrudPage';
import { AccountsCard } from './AccountsCard';
import { searchSiteScreen } from './siteScreen';
import '../../../i18n/areas/search';

export default function SearchEnginesPage() {
  return (
    <div data-testid="search-engines">
      <AccountsCard />
      <CrudPage def={searchSiteScreen} />
    </div>
  );
}
