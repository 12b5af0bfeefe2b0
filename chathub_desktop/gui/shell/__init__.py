"""The window shell: the main window and its pages, the rail, menus, tray, notifications,
status and error lines, the first-run wizard, the bridge from service events to Qt
signals, and the task runner and service calls every page uses."""
