import { Tabs as MantineTabs, type TabsProps as MantineTabsProps } from '@mantine/core';
import { Children, createContext, isValidElement, type ReactElement, type ReactNode, useContext } from 'react';

export interface TabProps {
  value: string;
  label: ReactNode;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  disabled?: boolean;
  /** The panel shown while this tab is active. */
  children?: ReactNode;
}

export interface TabsProps extends Omit<MantineTabsProps, 'children'> {
  /** {@link Tab} items, in order. */
  children: ReactNode;
  /** Accessible name of the tab list. */
  label?: string;
}

const TabsContainer = createContext(false);

/** Thrown when a {@link Tab} is rendered outside {@link Tabs} (spec §8). */
export const TAB_OUTSIDE_TABS_ERROR = 'A Tab must be placed inside a Tabs container.';

/** One tab and its panel; only valid as a child of {@link Tabs}. */
export function Tab({ value, children }: TabProps) {
  if (!useContext(TabsContainer)) throw new Error(TAB_OUTSIDE_TABS_ERROR);
  return (
    <MantineTabs.Panel value={value} pt="md">
      {children}
    </MantineTabs.Panel>
  );
}

function isTab(node: ReactNode): node is ReactElement<TabProps> {
  return isValidElement(node) && node.type === Tab;
}

/**
 * A tabs container built from its {@link Tab} children: the tab list comes from their labels, the panels from their
 * content. Arrow keys, Home and End move between tabs (Mantine's keyboard handling).
 */
export function Tabs({ children, label, defaultValue, value, ...props }: TabsProps) {
  const tabs = Children.toArray(children).filter(isTab);
  const firstEnabled = tabs.find((tab) => !tab.props.disabled)?.props.value ?? null;
  return (
    <MantineTabs
      {...props}
      value={value}
      defaultValue={value === undefined ? (defaultValue ?? firstEnabled) : undefined}
    >
      <MantineTabs.List aria-label={label}>
        {tabs.map(({ props: tab }) => (
          <MantineTabs.Tab
            key={tab.value}
            value={tab.value}
            disabled={tab.disabled}
            leftSection={tab.leftSection}
            rightSection={tab.rightSection}
          >
            {tab.label}
          </MantineTabs.Tab>
        ))}
      </MantineTabs.List>
      <TabsContainer.Provider value={true}>{children}</TabsContainer.Provider>
    </MantineTabs>
  );
}
