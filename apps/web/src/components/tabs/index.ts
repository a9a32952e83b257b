export { TAB_OUTSIDE_TABS_ERROR, Tab, type TabProps, Tabs, type TabsProps } from './tabs.tsx';
