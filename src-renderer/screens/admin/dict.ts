// dict, horizontal layout (see dictScreen.ts).
import { dictScreen } from './dictScreen';

export default dictScreen('dict', 'horizontal');
