import type { Item } from "@scriptorium/shared";
import { asFolder } from "../../lib/paths";
import { useUser } from "../../state/auth-store";
import { useIsCut } from "./clipboard-store";
import { endDrag, startDrag, useDragStore } from "./drag-drop";
import type { ItemOrganise } from "../../slots/listing";
import { useFolderDrop } from "./use-folder-drop";

/**
 * What file organisation adds to a listing item: dragging it to move (rename permission;
 * without it nothing can be dragged, not even a thumbnail), folders as drop targets, and the
 * classes of cut (Ctrl/Cmd+X) and dragged items. Spread `props` on the item; append
 * `className` to its classes.
 */
export function useItemOrganise(item: Item): ItemOrganise {
  const canMove = Boolean(useUser()?.perm.rename);
  const cut = useIsCut(item.path);
  const dragged = useDragStore((state) => state.dragged.has(item.path));
  const drop = useFolderDrop(item.isDir ? asFolder(item.path) : null);
  const className = `${cut ? " item--cut" : ""}${dragged ? " item--dragging" : ""}`;
  if (!canMove) {
    return {
      className,
      props: { draggable: false, onDragStart: (event) => event.preventDefault() },
    };
  }
  return {
    className,
    props: {
      draggable: true,
      onDragStart: (event) => startDrag(event, item),
      onDragEnd: endDrag,
      ...drop,
    },
  };
}
