// The course picker (the category tree's selectable modal): New assignment, the assignments filter,
// the users list's "Assign courses" and the user drawer's assignments section share it.
export { CoursePicker, type CoursePickerProps } from './course-picker.tsx';
export { CATEGORY_ID_OFFSET, courseIdsOf, pickerTree, useCoursePicker, useCourseTree } from './course-tree.ts';
