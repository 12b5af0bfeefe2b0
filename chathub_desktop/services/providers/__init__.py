"""Providers and models: providers and where their keys live, the models a provider lists,
the user's model cards and Test connection."""
