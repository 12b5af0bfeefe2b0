"""Chat and replies: sending a message, streaming and storing its reply, retry, regenerate
and edit-and-resend, reply versions, message edits, attachments and the tools offered to
the model."""
