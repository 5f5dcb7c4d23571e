// Goods groups (goods); the goods of a group live in goodsSub.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn } from './shared';
import { GoodsSubDialog } from './GoodsSubDialog';

const G = '/website-blade-material/goods';

const goods: ScreenDef = {
  code: 'goods',
  title: 'content.goods.title',
  api: { list: `${G}/page`, detail: `${G}/detail`, submit: `${G}/submit`, remove: `${G}/remove` },
  columns: [
    { name: 'name', label: 'content.goods.name', search: true, rules: [{ required: true, message: 'content.goods.nameRequired' }] },
    {
      name: 'imageUrl', label: 'content.goods.imageUrl', valueType: 'image', span: 24, width: 90,
      upload: { accept: ['jpg', 'png'], maxKB: 1024, scene: 'cover' },
    },
    { name: 'goodsPrice', label: 'content.goods.goodsPrice', rules: [{ pattern: '^\\d+(\\.\\d{1,2})?$', message: 'content.goods.pricePattern' }] },
    { name: 'priceUnit', label: 'content.goods.priceUnit' },
    { name: 'linkUrl', label: 'content.goods.linkUrl', span: 24 },
    createTimeColumn,
  ],
  extraActions: [{ key: 'goodsSub', label: 'content.goods.subTitle', permission: 'goods_view', placement: 'row', render: GoodsSubDialog }],
};

export default goods;
