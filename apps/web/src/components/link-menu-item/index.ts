export {
  LINK_MENU_ITEM_ERROR,
  LinkMenuItem,
  type LinkMenuItemProps,
  linkMenuItemError,
} from './link-menu-item.tsx';
