// The goods of one goods group (goodsSub), opened from the group's row: the same
// generic CrudPage, filtered by the group and adding into it.
import type { ScreenDef } from '../../crud/types';
import { GOODS_SUB } from '../../../src-shared/declarations/material';
import { subListDialog } from '../../crud/SubListDialog';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const S = '/website-blade-material/goodsSub';

export function goodsSubScreen(groupId: string): ScreenDef {
  return {
    code: 'goods',
    title: 'content.goods.subTitle',
    api: { list: `${S}/page`, detail: `${S}/detail`, submit: `${S}/submit`, remove: `${S}/remove` },
    declaration: GOODS_SUB,
    listParams: { pId_equal: groupId },
    columns: [
      { name: 'name', label: 'content.goods.subName', search: true },
      remoteSelect('pId', 'content.goods.group', REMOTE.goodsGroups, {
        default: groupId, readonlyOnEdit: true, hideInTable: true,
      }),
      {
        name: 'imageUrl', label: 'content.goods.imageUrl', valueType: 'image', span: 24, width: 90,
        upload: { accept: ['jpg', 'png'], maxKB: 1024, scene: 'cover' },
      },
      { name: 'goodsPrice', label: 'content.goods.goodsPrice' },
      { name: 'priceUnit', label: 'content.goods.priceUnit' },
      { name: 'linkUrl', label: 'content.goods.linkUrl', span: 24 },
      createTimeColumn,
    ],
  };
}

export const GoodsSubDialog = subListDialog({ title: 'content.goods.subTitle', nameField: 'name', screen: goodsSubScreen });
