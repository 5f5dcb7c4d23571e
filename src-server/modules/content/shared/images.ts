// Image fields (template previews, material images, article covers): the link must
// name an image of the scene's accepted types and, when the file is one of ours,
// be within the scene's size limit.
import type { Db } from '../../../db/database';
import { ServiceError } from '../../../http/reply';
import { SCENES, type UploadScene } from './uploads';

function storedImageCheck(scene: UploadScene) {
  return (db: Db, link: unknown): void => {
    if (link === undefined || link === null || link === '') return;
    const name = String(link).split(/[?#]/)[0].split('/').pop() ?? '';
    const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
    if (!scene.exts.includes(ext)) throw new ServiceError(scene.typeMessage);
    const stored = db.prepare('SELECT size FROM content_upload WHERE name = ?').get(name) as { size: number } | undefined;
    if (stored && stored.size > scene.maxBytes) throw new ServiceError(scene.sizeMessage);
  };
}

export const templateImage = storedImageCheck(SCENES.template);
export const materialImage = storedImageCheck(SCENES.material);
export const coverImage = storedImageCheck(SCENES.cover);
