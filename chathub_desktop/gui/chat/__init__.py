"""The chat column: the message list (model, view, delegate, rendering), the composer and
sending, attachments and images, reply versions and notices, tool approval, and the chat
header."""
