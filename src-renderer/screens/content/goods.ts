// Goods groups (goods); the goods of a group live in goodsSub.
import type { ScreenDef } from '../../crud/types';
import { GOODS } from '../../../src-shared/declarations/material';
import { createTimeColumn } from './shared';
import { GoodsSubDialog } from './GoodsSubDialog';

const G = '/website-blade-material/goods';

const goods: ScreenDef = {
  code: 'goods',
  title: 'content.goods.title',
  api: { list: `${G}/page`, detail: `${G}/detail`, submit: `${G}/submit`, remove: `${G}/remove` },
  declaration: GOODS,
  columns: [
    { name: 'name', label: 'content.goods.name', search: true },
    {
      name: 'imageUrl', label: 'content.goods.imageUrl', valueType: 'image', span: 24, width: 90,
      upload: { accept: ['jpg', 'png'], maxKB: 1024, scene: 'cover' },
    },
    { name: 'goodsPrice', label: 'content.goods.goodsPrice' },
    { name: 'priceUnit', label: 'content.goods.priceUnit' },
    { name: 'linkUrl', label: 'content.goods.linkUrl', span: 24 },
    createTimeColumn,
  ],
  extraActions: [{ key: 'goodsSub', label: 'content.goods.subTitle', permission: 'goods_view', placement: 'row', render: GoodsSubDialog }],
};

export default goods;
