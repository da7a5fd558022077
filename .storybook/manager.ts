import { addons } from 'storybook/manager-api';

// The demos are the pages themselves: the addon panel (controls, actions, interactions) starts closed,
// so the flagship dashboard shows its token panel and timeline without scrolling at 1440×1000. It opens
// from the toolbar or with the A key, as in any Storybook. (Under `layout`: Storybook 10 deprecates
// layout keys at the top level of setConfig.)
addons.setConfig({ layout: { showPanel: false } });
