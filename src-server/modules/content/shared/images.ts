// Image fields (template previews, material images, article covers): the link must
// name an image of the scene's accepted types and, when the file is one of ours,
// be within the scene's size limit.
import { sql, type Queries } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import { SCENES, type UploadScene } from './uploads';

function storedImageCheck(scene: UploadScene) {
  return async (q: Queries, link: unknown): Promise<void> => {
    if (link === undefined || link === null || link === '') return;
    const name = String(link).split(/[?#]/)[0].split('/').pop() ?? '';
    const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
    if (!scene.exts.includes(ext)) throw new ServiceError(scene.typeMessage);
    const stored = await q.get(sql<{ size: number }>`SELECT size FROM content_upload WHERE name = ${name}`);
    if (stored && stored.size > scene.maxBytes) throw new ServiceError(scene.sizeMessage);
  };
}

export const templateImage = storedImageCheck(SCENES.template);
export const materialImage = storedImageCheck(SCENES.material);
export const coverImage = storedImageCheck(SCENES.cover);
