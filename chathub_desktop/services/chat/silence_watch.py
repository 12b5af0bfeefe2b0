"""The silence watch of one streaming request (issue 12 "provider faults the user can
act on"): :class:`ReplyStalled` tells the window that the provider has sent nothing for
``stream-silence-seconds``; the stream itself keeps waiting."""

from __future__ import annotations

import asyncio
import logging

from chathub_desktop.providers.base import StreamActivity
from chathub_desktop.services.events import EventBus, ReplyStalled

log = logging.getLogger(__name__)


async def watch_silence(bus: EventBus, topic_id: int, reply_id: int, activity: StreamActivity,
                        limit_s: float) -> None:
    """While one request streams: publish :class:`ReplyStalled` on ``bus`` once the provider
    has sent nothing for ``limit_s`` seconds, and ``silent_s=0`` when data comes
    again or the request ends (issue 12). Only tells; the stream keeps waiting.
    Cancelled by the caller when the request ends."""
    stalled = False
    try:
        while True:
            silent = activity.silent_s()
            if silent >= limit_s:
                if not stalled:
                    stalled = True
                    log.info("no data from %s for %.0f s (topic %s)", activity.host, silent, topic_id)
                    bus.publish(ReplyStalled(topic_id, reply_id, activity.host, limit_s))
                await asyncio.sleep(min(1.0, limit_s))
                continue
            if stalled:
                stalled = False
                bus.publish(ReplyStalled(topic_id, reply_id, activity.host, 0.0))
            await asyncio.sleep(limit_s - silent)
    finally:
        if stalled:
            bus.publish(ReplyStalled(topic_id, reply_id, activity.host, 0.0))
