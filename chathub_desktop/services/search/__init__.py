"""Search and recall: keyword search over every topic and memory, semantic recall with
local embeddings, and the recall tools offered to the model."""
