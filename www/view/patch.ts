// snabbdom's patch, with the modules the views use (classes, properties,
// attributes, styles, events).

import { attributesModule, classModule, eventListenersModule, init, propsModule, styleModule } from 'snabbdom';

export const patch = init([classModule, propsModule, attributesModule, styleModule, eventListenersModule]);
